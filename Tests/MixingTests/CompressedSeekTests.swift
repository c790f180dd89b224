import AudioTestSupport
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// Clips and ranges that start deep inside compressed files are entered by a seek with pre-roll,
/// and come out as the same samples a decode from the start gives.
@Suite struct CompressedSeekTests {
  /// A file of the given kind, 40 s of noise and a tone, made by the ffmpeg CLI.
  static func make(_ name: String, codec: [String], in folder: TemporaryFolder) throws -> String {
    let path = folder.file(name)
    try FFmpegCLI.make(
      ["-f", "lavfi", "-i", "anoisesrc=d=40.123:c=pink:a=0.2:seed=7", "-f", "lavfi", "-i", "sine=f=661:d=40.123",
       "-filter_complex", "[0][1]amix=inputs=2,aformat=channel_layouts=stereo"] + codec + [path])
    return path
  }

  static let kinds: [(name: String, codec: [String], tolerance: Float)] = [
    ("cbr.mp3", ["-c:a", "libmp3lame", "-b:a", "128k"], 0),
    ("vbr.mp3", ["-c:a", "libmp3lame", "-q:a", "4"], 0),
    ("aac.m4a", ["-c:a", "aac", "-b:a", "128k"], 0),
    ("vorbis.ogg", ["-c:a", "libvorbis", "-q:a", "3"], 0),
    // Opus decoders converge rather than repeat: within -90 dBFS after the pre-roll.
    ("opus.opus", ["-c:a", "libopus", "-b:a", "96k"], 3.2e-5),
  ]

  @Test(arguments: kinds.indices)
  func aClipDeepInsideEqualsTheSameFramesDecodedFromTheStart(_ kind: Int) throws {
    let folder = TemporaryFolder("segue-seek")
    let (name, codec, tolerance) = Self.kinds[kind]
    let path = try Self.make(name, codec: codec, in: folder)
    let whole = try AudioFile.read(path: path)
    let rate = whole.layout.sampleRate
    let inPoint = 31.2347
    let output = folder.file("clip.wav")
    let input = InputSource(path: path, options: EntryOptions(inPoint: .seconds(inPoint), outPoint: .seconds(inPoint + 3)))
    _ = try Renderer.render(
      RenderRequest(inputs: [input], outputPath: output, output: OutputOptions(bitDepth: 32), verify: true, cache: nil))
    let clip = try AudioFile.read(path: output).samples
    let first = Int((inPoint * Double(rate)).rounded()) * 2
    let slice = Array(whole.samples[first..<(first + clip.count)])
    let worst = zip(clip, slice).map { abs($0 - $1) }.max() ?? 1
    #expect(clip.count == 3 * rate * 2)
    #expect(worst <= tolerance, "\(name): largest difference \(worst)")
    // The reader entered by a seek, not by decoding from the start.
    let reader = try AudioFileReader(path: path)
    let target = Int64(first / 2) + 1
    #expect(try reader.seek(toFrame: target))
    let block = try #require(try reader.nextBlock())
    let expected = whole.samples[(Int(target) * 2)..<(Int(target) * 2 + block.count)]
    #expect(zip(block, expected).allSatisfy { abs($0 - $1) <= tolerance })
  }

  /// A range late in a mix of MP3 tracks equals the same slice of the full render.
  @Test func aRangeLateInAnMP3MixEqualsTheSliceOfTheWhole() throws {
    let folder = TemporaryFolder("segue-seek-mix")
    var inputs: [InputSource] = []
    for index in 0..<2 {
      let path = try Self.make("t\(index).mp3", codec: ["-c:a", "libmp3lame", "-q:a", "\(2 + index)"], in: folder)
      inputs.append(InputSource(path: path))
    }
    let whole = folder.file("whole.wav")
    let part = folder.file("part.wav")
    let mix = MixOptions(crossfade: 2.5)
    _ = try Renderer.render(RenderRequest(inputs: inputs, outputPath: whole, output: OutputOptions(bitDepth: 32), mix: mix, cache: nil))
    let report = try Renderer.render(
      RenderRequest(
        inputs: inputs, outputPath: part, output: OutputOptions(bitDepth: 32), mix: mix, range: TimeRange(from: 61.01, to: 72.7),
        cache: nil))
    let wholeSamples = try AudioFile.read(path: whole).samples
    let partSamples = try AudioFile.read(path: part).samples
    let first = Int(report.segments[0].lowerBound) * 2
    #expect(partSamples == Array(wholeSamples[first..<(first + partSamples.count)]))
  }
}
