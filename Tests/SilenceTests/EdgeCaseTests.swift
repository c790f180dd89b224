import AudioTestSupport
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// Silence edits at their edges: a pause a hair over the limit, a track whose sound is shorter
/// than the cue window.
@Suite("Silence edge cases")
struct EdgeCaseTests {
  static let rate = 44_100

  /// Noise at -10 dBFS, `gap` frames of digital silence, noise again: one pause, no tails.
  static func twoBursts(gap: Int) -> [Float] {
    var random = SeededRandom(seed: 29)
    let burst = { (frames: Int) in (0..<(frames * 2)).map { _ in Signal.quantized16(0.3 * random.nextSigned()) } }
    return burst(30_011) + [Float](repeating: 0, count: gap * 2) + burst(27_103)
  }

  /// A pause 61 frames over the limit is cut with a crossfade of at most those 61 frames: every
  /// sample after it is the input's, 61 frames earlier.
  @Test func aPauseJustOverTheLimitLosesExactlyTheExcess() throws {
    let folder = TemporaryFolder("segue-pause-hair")
    let samples = Self.twoBursts(gap: 22_050 + 61)
    let input = folder.file("in.wav")
    try AudioFile.write(samples, layout: PCMLayout(sampleRate: Self.rate, channelCount: 2), to: input, options: OutputOptions(bitDepth: 16))
    let output = folder.file("out.wav")
    _ = try Renderer.render(
      RenderRequest(
        inputs: [InputSource(path: input)], outputPath: output, output: OutputOptions(bitDepth: 16),
        mix: MixOptions(silence: SilenceSettings(maxPause: 0.5)), verify: true, cache: nil))
    let out = try AudioFile.read(path: output).samples
    #expect(out.count == samples.count - 61 * 2)
    let after = (30_011 + 22_050 + 61) * 2
    #expect(Array(out[(after - 61 * 2)...]) == Array(samples[after...]), "the second burst is not the input's, 61 frames earlier")
  }

  /// A beep shorter than the 400 ms cue window, then another track: at any cue level the cue
  /// points stay in order and the mix plans (at a level a few LU under the track's loudness they
  /// may fall inside the beep, as the rule says); at the usual level they cover the beep.
  @Test(arguments: [-1.0, -3, -42])
  func aSoundShorterThanTheCueWindowKeepsItsCuePointsInOrder(_ cueLevel: Double) throws {
    let folder = TemporaryFolder("segue-short-beep")
    var samples = [Float](repeating: 0, count: Self.rate * 2 * 2)
    let beep = Self.rate / 2..<(Self.rate / 2 + Self.rate / 10)
    for frame in beep { samples[frame * 2] = Float(0.5 * sin(Double(frame) * 0.3)); samples[frame * 2 + 1] = samples[frame * 2] }
    var inputs: [InputSource] = []
    for name in ["beep", "next"] {
      let path = folder.file("\(name).wav")
      try AudioFile.write(samples, layout: PCMLayout(sampleRate: Self.rate, channelCount: 2), to: path, options: OutputOptions(bitDepth: 16))
      inputs.append(InputSource(path: path))
    }
    let plan = try Renderer.plan(
      RenderRequest(
        inputs: inputs, outputPath: folder.file("x.wav"), mix: MixOptions(silence: SilenceSettings(autoCue: true, cueLevel: cueLevel)),
        cache: nil))
    let edit = try #require(plan.edits[0])
    #expect(edit.inPoint < edit.outPoint)
    #expect(plan.plan.timeline.clips.allSatisfy { $0.duration > 0 && ($0.fadeOut?.length ?? 0) >= 0 })
    if cueLevel == -42 {
      #expect(edit.inPoint <= Int64(beep.lowerBound) && edit.outPoint >= Int64(beep.upperBound), "cue \(edit.inPoint)..<\(edit.outPoint)")
    }
  }
}
