import AudioTestSupport
import Rendering
import Testing

/// A continuous signal cut into four tracks at odd sample positions, each track encoded on its own,
/// then rendered gaplessly: the join must restore the signal with no gap, overlap, offset or click.
@Suite("Split a signal into tracks and join them again")
struct SplitAndJoinTests {
  /// Tracks encoded one way, joined into one output format.
  struct JoinCase: Sendable, CustomTestStringConvertible {
    var tracks: TestFormat
    var output: TestFormat
    var testDescription: String { "\(tracks.name) into \(output.name)" }
  }

  /// AAC tracks at 192 kb/s: at 128 kb/s FFmpeg's AAC encoder drops the low noise, the only thing
  /// that tells lag 0 from a lag one sine period away.
  static let aacTracks = TestFormat(
    name: "m4a-aac-192k", fileExtension: "m4a", options: OutputOptions(codec: .aac, bitRate: 192_000), isLossless: false)

  @Test(arguments: [JoinCase(tracks: .wav16, output: .flac16), JoinCase(tracks: .flac16, output: .wav24)])
  func losslessTracksJoinBitForBit(_ join: JoinCase) throws {
    let (signal, joined) = try Self.joinTracks(join)
    #expect(joined == signal.original, "the joined output differs from the original signal")
  }

  /// Seam error limit, as a multiple of the codec's RMS error away from seams, both measured over
  /// ±1024 frames. Measured here (seam RMS error / error elsewhere, worst of three seams):
  /// MP3 CBR 320k 0.0030/0.0020 = 1.51×, MP3 VBR V2 0.0079/0.0040 = 1.97×, AAC 192k
  /// 0.0194/0.0090 = 2.16×, Opus 160k 0.0081/0.0044 = 1.85×, Vorbis q6 0.0081/0.0043 = 1.88×
  /// (Vorbis measured with tracks over a second long). Deleting one frame after a seam raised the
  /// ratio to 4.3× (AAC) to 18× (MP3 CBR) and moved the best lag off 0.
  static let seamErrorLimit = 2.5
  /// A seam may also be as rough as the signal's own two edges, which every codec encodes at a file
  /// edge too: AAC (with the fast coder) is cleaner than that away from edges, 0.0039 here, but
  /// 0.011 at a seam and 0.0136 at the signal's first or last 2048 frames (MP3 0.0024-0.0050,
  /// Opus 0.0053, Vorbis 0.0079 there).
  static let edgeErrorLimit = 1.5

  @Test(arguments: [TestFormat.mp3, .mp3VBR, aacTracks, .opus, .vorbis].map { JoinCase(tracks: $0, output: .wavFloat) })
  func lossyTracksJoinWithoutJumpOrClick(_ join: JoinCase) throws {
    let (signal, joined) = try Self.joinTracks(join)
    try #require(joined.count == signal.original.count)
    let elsewhere = Measure.rmsError(joined, signal.original, channels: signal.channels, ranges: signal.away(margin: 4096))
    let edges = [0..<2048, (signal.frameCount - 2048)..<signal.frameCount].map {
      Measure.rmsError(joined, signal.original, channels: signal.channels, ranges: [$0])
    }.max()!
    let limit = max(Self.seamErrorLimit * elsewhere, Self.edgeErrorLimit * edges)
    for seam in signal.seams {
      let lag = Measure.bestLag(joined, signal.original, channels: signal.channels, around: seam, halfWindow: 1024)
      #expect(lag == 0, "the output is offset by \(lag) frames around the seam at \(seam)")
      let window = signal.around(seam, halfWidth: 1024)
      let error = Measure.rmsError(joined, signal.original, channels: signal.channels, ranges: [window])
      #expect(
        error <= limit,
        "seam at \(seam): RMS error \(error), \(error / elsewhere)× the \(elsewhere) elsewhere, edges \(edges)")
    }
  }

  /// Splits the test signal, encodes each track as `join.tracks`, renders them gaplessly as
  /// `join.output`, checks every length on the way, and returns the signal and the output as the
  /// ffmpeg CLI decodes it.
  ///
  /// The cuts line up with no codec's frames (1152, 1024, 960, 4608 or 64 to 2048).
  static func joinTracks(_ join: JoinCase) throws -> (signal: SplitSignal, joined: [Float]) {
    let folder = TemporaryFolder()
    let signal = SplitSignal(sampleRate: join.tracks.sampleRate, frames: 165_000, cuts: [40_003, 90_001, 130_007])
    var paths: [String] = []
    var wrongLengths: [String] = []
    for (index, range) in signal.trackRanges.enumerated() {
      let path = try Fixture.write(signal.track(index), as: join.tracks, in: folder, stem: "track\(index)")
      let decoded = try AudioFile.read(path: path).samples.count / signal.channels
      if decoded != range.count { wrongLengths.append("track \(index): \(decoded) frames, not \(range.count)") }
      paths.append(path)
    }
    try #require(wrongLengths.isEmpty, "tracks decode to the wrong length: \(wrongLengths)")
    let outputPath = folder.file(join.output.fileName("joined"))
    let report = try Fixture.render(paths, to: outputPath, options: join.output.options)
    #expect(report.timeline.clips.map(\.start) == signal.boundaries.dropLast().map(Int64.init))
    #expect(report.timeline.frameCount == Int64(signal.frameCount))
    #expect(report.verifiedFrameCount == Int64(signal.frameCount))
    let joined = try FFmpegCLI.decodeFloat(outputPath)
    #expect(joined.count / signal.channels == signal.frameCount, "the ffmpeg CLI decodes a different length")
    return (signal, joined)
  }
}
