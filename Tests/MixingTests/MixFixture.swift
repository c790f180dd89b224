import AudioTestSupport
import Composition
import FFmpegAudio
import Playlists
import Rendering

/// Writes float test tracks as 32-bit float WAV (so no quantization hides an error) and renders them.
struct MixFixture {
  let folder = TemporaryFolder("segue-mix")
  let layout: PCMLayout

  init(sampleRate: Int = 8000, channels: Int = 1) {
    layout = PCMLayout(sampleRate: sampleRate, channelCount: channels)
  }

  /// A float WAV track holding `samples` (interleaved), returned as an input with `options`.
  func track(_ name: String, _ samples: [Float], options: EntryOptions = EntryOptions()) throws -> InputSource {
    let path = folder.file("\(name).wav")
    try AudioFile.write(samples, layout: layout, to: path, options: OutputOptions(bitDepth: 32))
    return InputSource(path: path, displayName: name, options: options)
  }

  /// A constant-valued track of `frames` frames.
  func constant(_ name: String, value: Float, frames: Int, options: EntryOptions = EntryOptions()) throws -> InputSource {
    try track(name, [Float](repeating: value, count: frames * layout.channelCount), options: options)
  }

  /// Renders `inputs` to a float WAV and decodes it again with FFmpeg.
  func render(_ inputs: [InputSource], mix: MixOptions = MixOptions(), output: String = "mix.wav", options: OutputOptions = OutputOptions(bitDepth: 32)) throws -> (report: RenderReport, samples: [Float]) {
    let path = folder.file(output)
    let report = try Renderer.render(RenderRequest(inputs: inputs, outputPath: path, output: options, mix: mix, overwrite: true, verify: true))
    return (report, try AudioFile.read(path: path).samples)
  }

  /// Seconds for `frames` frames at the fixture's rate.
  func seconds(_ frames: Int) -> Double { Double(frames) / Double(layout.sampleRate) }
}
