import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Lossless stays lossless: a WAV, like a FLAC, takes the deepest input's depth unless asked; a
/// stereo track mixed down into a mono mix gets a note.
@Suite struct OutputDepthTests {
  let fixture = MixFixture(sampleRate: 44_100, channels: 1)

  func bits(_ path: String) throws -> String {
    let output = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "stream=bits_per_sample,sample_fmt", "-of", "csv=p=0", path])
    return String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test(arguments: [16, 24])
  func aWAVTakesTheDeepestInputsDepth(bits depth: Int) throws {
    let source = fixture.folder.file("in\(depth).flac")
    try AudioFile.write(
      Signal.sine(sampleRate: 44_100, channels: 1, frames: 40_009), layout: fixture.layout, to: source, options: OutputOptions(bitDepth: depth))
    let shallow = fixture.folder.file("shallow.flac")
    try AudioFile.write(Signal.sine(sampleRate: 44_100, channels: 1, frames: 30_011), layout: fixture.layout, to: shallow, options: OutputOptions(bitDepth: 16))
    let wav = fixture.folder.file("out\(depth).wav")
    _ = try Renderer.render(RenderRequest(inputs: [InputSource(path: shallow), InputSource(path: source)], outputPath: wav, cache: nil))
    #expect(try bits(wav) == (depth == 24 ? "s32,24" : "s16,16"))
  }

  @Test func aStereoTrackInAMonoMixGetsANote() throws {
    // The mono track plays longer, so the mix is mono (`FormatSource.most`).
    let mono = try fixture.track("mono", Signal.sine(sampleRate: 44_100, channels: 1, frames: 30_013))
    let stereo = fixture.folder.file("stereo.wav")
    try AudioFile.write(
      Signal.sine(sampleRate: 44_100, channels: 2, frames: 30_011), layout: PCMLayout(sampleRate: 44_100, channelCount: 2), to: stereo,
      options: OutputOptions(bitDepth: 16))
    let (report, _) = try fixture.render([mono, InputSource(path: stereo, displayName: "stereo")])
    #expect(report.allNotes.contains { $0.hasPrefix("stereo: its 2 channels are mixed down to 1") }, "\(report.allNotes)")
  }
}
