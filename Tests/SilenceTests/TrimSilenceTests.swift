import AudioTestSupport
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// `--trim-silence`: dead air (digital silence and near-silence) leaves a track's edges; an audible
/// fade-out tail stays whole.
@Suite("Dead air trimmed")
struct TrimSilenceTests {
  static let rate = 44_100

  /// Digital silence, then near-silence (noise peaking at -72 dBFS), a tone with noise at -10 dBFS,
  /// its fade-out to -45 dBFS, then near-silence and digital silence again; lengths in seconds.
  static func track(zeros: Double, hiss: Double, music: Double, fade: Double, tailHiss: Double, tailZeros: Double) -> [Float] {
    var random = SeededRandom(seed: 5)
    let hissPeak = pow(10, -72.0 / 20), loud = pow(10, -10.0 / 20), quiet = pow(10, -45.0 / 20)
    var samples: [Double] = []
    func add(_ seconds: Double, _ value: (Int) -> Double) {
      for frame in 0..<Int(seconds * Double(rate)) { samples.append(value(frame)) }
    }
    add(zeros) { _ in 0 }
    add(hiss) { _ in hissPeak * random.nextSigned() }
    let tone = { (frame: Int) in 0.9 * sin(2 * Double.pi * 441.3 * Double(frame) / Double(rate)) + 0.1 * random.nextSigned() }
    add(music) { loud * tone($0) }
    let fadeFrames = Double(fade * Double(rate))
    add(fade) { loud * pow(quiet / loud, Double($0) / (fadeFrames - 1)) * tone($0) }
    add(tailHiss) { _ in hissPeak * random.nextSigned() }
    add(tailZeros) { _ in 0 }
    return samples.flatMap { [Signal.quantized16($0), Signal.quantized16(0.8 * $0)] }
  }

  @Test func cutPointsLandWithinTenMillisecondsAndTheFadeTailStays() throws {
    let samples = Self.track(zeros: 0.6173, hiss: 0.4127, music: 1.8311, fade: 1.2209, tailHiss: 0.7103, tailZeros: 0.5077)
    let folder = TemporaryFolder("segue-trim")
    let input = folder.file("song.wav")
    try AudioFile.write(samples, layout: PCMLayout(sampleRate: Self.rate, channelCount: 2), to: input, options: OutputOptions(bitDepth: 16))
    let output = folder.file("trimmed.flac")
    let report = try Renderer.render(
      RenderRequest(
        inputs: [InputSource(path: input)], outputPath: output, output: OutputOptions(bitDepth: 16),
        mix: MixOptions(silence: SilenceSettings(trim: true)), verify: true))
    let out = try AudioFile.read(path: output).samples

    // The truth: the first and last samples at or above -60 dBFS, a 50 ms margin outside them.
    let threshold = Float(pow(10, -60.0 / 20))
    let frames = samples.count / 2
    let loud = (0..<frames).filter { max(abs(samples[$0 * 2]), abs(samples[$0 * 2 + 1])) >= threshold }
    let margin = Int(0.05 * Double(Self.rate))
    let truth = (start: loud.first! - margin, end: loud.last! + 1 + margin)

    // Where the output sits in the input: it must be one stretch of it, unchanged.
    let length = out.count / 2
    let start = try #require(
      ((truth.start - 441)...(truth.start + 441)).first { offset in
        offset >= 0 && offset + length <= frames && Array(samples[(offset * 2)..<((offset + length) * 2)]) == out
      }, "the output is not one unchanged stretch of the input within 10 ms of the true cut-in")
    #expect(abs(start - truth.start) <= 441)
    #expect(abs(start + length - truth.end) <= 441, "cut-out at \(start + length), the truth at \(truth.end)")
    // The whole fade-out, down to -45 dBFS, is in the output.
    let fadeEnd = Int((0.6173 + 0.4127 + 1.8311) * Double(Self.rate)) + Int(1.2209 * Double(Self.rate))
    #expect(start + length >= fadeEnd, "the fade-out tail ends at \(fadeEnd), the output at \(start + length)")
    let saved = report.edits.compactMap { $0?.savedFrames }.reduce(0, +)
    #expect(saved == Int64(frames - length))
  }
}
