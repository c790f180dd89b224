import AudioTestSupport
import FFmpegAudio
import Rendering
import Testing

/// Every output format: N frames written, exactly N frames read back, by this library and by the
/// ffmpeg CLI; lossless formats give back every sample, lossy ones stay aligned and close.
@Suite("Round trips through every output format")
struct RoundTripTests {
  /// One format at one length.
  struct RoundTrip: Sendable, CustomTestStringConvertible {
    var format: TestFormat
    var frames: Int
    var testDescription: String { "\(format.name), \(frames) frames" }
  }

  /// Lengths that are multiples of no codec's frame size (1152, 1024, 960, 4608, 4096, 64...2048).
  static let lengths = [1, 1000, 44_101, 100_003]

  /// Every format at every length, and MP3 also where the last frame holds fewer than 47 frames of
  /// padding (length mod 1152 in 1...46), lengths a real album track hits about once in 25.
  static let cases =
    TestFormat.all.flatMap { format in lengths.map { RoundTrip(format: format, frames: $0) } }
    + [24, 1174, 132_500].map { RoundTrip(format: .mp3, frames: $0) }

  /// Largest RMS error allowed for lossy codecs on the test signal; measured: MP3 320k 0.0020,
  /// MP3 V2 0.0041, AAC 256k 0.0047, Opus 160k 0.0044, Vorbis q6 0.0045.
  static let lossyErrorLimit = 0.01

  @Test(arguments: cases)
  func writesAndReadsBackExactly(_ trip: RoundTrip) throws {
    let folder = TemporaryFolder()
    let channels = 2
    let input = Fixture.music(sampleRate: trip.format.sampleRate, frames: trip.frames, channels: channels)
    let path = try Fixture.write(input, channels: channels, as: trip.format, in: folder, stem: "roundtrip")

    let (decoded, layout) = try AudioFile.read(path: path)
    #expect(layout == PCMLayout(sampleRate: trip.format.sampleRate, channelCount: channels))
    #expect(decoded.count / channels == trip.frames, "AudioFile.read gives the wrong length")
    let cliFrames = try Fixture.cliFrameCount(path, channels: channels, format: trip.format)
    #expect(cliFrames == Int64(trip.frames), "the ffmpeg CLI finds another length")

    if trip.format.isLossless {
      #expect(decoded == input, "lossless samples changed")
      let cli = try FFmpegCLI.decodeFloat(path)
      #expect(Array(cli.prefix(input.count)) == input, "the ffmpeg CLI decodes other samples")
    } else if trip.frames >= 44_101 && decoded.count == input.count {
      // Long enough for the alignment window (±1024 frames, lags ±64) and a steady error level.
      #expect(Measure.bestLag(decoded, input, channels: channels, around: trip.frames / 2) == 0)
      let error = Measure.rmsError(decoded, input, channels: channels, ranges: [0..<trip.frames])
      #expect(error <= Self.lossyErrorLimit)
    }
  }

  /// AAC at the default settings keeps a steady stereo tone: no 1024-frame stretch may be off by
  /// more than 0.05 RMS, where the encoder's error is about 0.01 elsewhere.
  ///
  /// Measured on this piece of the test signal (frames 130_007 ..< 165_000): FFmpeg 5.1's native
  /// encoder at the default 256 kb/s returns stretches with 0.27 RMS error, half the tone's
  /// amplitude (the ffmpeg CLI with `-c:a aac -b:a 256k` makes the same file); at 192 kb/s the
  /// worst stretch is 0.011, with `-aac_coder fast` 0.004.
  @Test func defaultAACKeepsASteadyTone() throws {
    let folder = TemporaryFolder()
    let input = Fixture.frames(Fixture.music(sampleRate: 44_100, frames: 165_000), 130_007..<165_000, channels: 2)
    let path = try Fixture.write(input, as: .aac, in: folder, stem: "tone")
    let decoded = try AudioFile.read(path: path).samples
    try #require(decoded.count == input.count)
    let worst = Measure.worstWindowError(decoded, input, channels: 2, window: 1024)
    #expect(worst.error <= 0.05, "RMS error \(worst.error) in the 1024 frames from \(worst.start)")
  }
}
