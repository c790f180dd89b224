import AudioTestSupport
import FFmpegAudio
import Foundation
import Playlists
import Testing

@testable import Rendering

/// The mix bus between the mixer and the quantizer: its clip guard, and the priming that keeps a
/// part of the mix equal to the slice of the whole when a stage has memory.
@Suite struct BusTests {
  static let rate = 44_100

  /// Blocks of constant level: -0.3 and 0.8, lengths in frames.
  static func steps(_ blocks: [(value: Float, frames: Int)]) -> [Float] {
    blocks.flatMap { [Float](repeating: $0.value, count: $0.frames * 2) }
  }

  /// Without the peak guard (`--peak-policy none`), nothing but the clip guard sees the mix.
  static let unguarded = MixOptions(loudness: LoudnessOptions(peakPolicy: .none))

  /// A track at +3 dB whose 0.8 stretches go over full scale: every one of those samples is
  /// counted, with the peak and the first place, in the whole render and in a range of it.
  @Test func theClipGuardCountsEverySampleOverFullScale() throws {
    let folder = TemporaryFolder()
    let path = try Fixture.write(
      Self.steps([(-0.3, 5_003), (0.8, 7_777), (-0.3, 12_345), (0.8, 3_333)]), as: .wav16, in: folder, stem: "steps")
    var input = InputSource(path: path)
    input.options.gainDB = 3
    let whole = try Renderer.render(RenderRequest(inputs: [input], outputPath: folder.file("whole.wav"), mix: Self.unguarded, cache: nil))
    #expect(whole.notes == [
      "22220 samples are over full scale (peak +1.1 dBFS, first at 0:00.113): clipped in the 16-bit output; lower the gain"
    ])
    let decoded = try FFmpegCLI.decodeInt16(folder.file("whole.wav"))
    #expect(decoded.filter { $0 == Int16.max }.count == 22_220, "the quantizer clips what the guard counted")

    // Frames 11,025..<22,050: the 0.8 stretch from 11,025 to 12,780 is in it, the last one is not.
    var range = RenderRequest(inputs: [input], outputPath: folder.file("range.wav"), mix: Self.unguarded, cache: nil)
    range.range = TimeRange(from: 0.25, to: 0.5)
    #expect(try Renderer.render(range).notes == [
      "3510 samples are over full scale (peak +1.1 dBFS, first at 0:00.250): clipped in the 16-bit output; lower the gain"
    ])
  }

  /// A level within full scale is not reported, and float output says its samples are kept.
  @Test func theClipGuardWordsWhatHappensToTheSamples() throws {
    let folder = TemporaryFolder()
    let path = try Fixture.write(Self.steps([(0.8, 4_411)]), as: .wav16, in: folder, stem: "steps")
    var input = InputSource(path: path)
    #expect(try Renderer.render(RenderRequest(inputs: [input], outputPath: folder.file("quiet.wav"), cache: nil)).notes == [])
    input.options.gainDB = 6
    let float = RenderRequest(
      inputs: [input], outputPath: folder.file("float.wav"), output: OutputOptions(bitDepth: 32), mix: Self.unguarded, cache: nil)
    #expect(try Renderer.render(float).notes == [
      "8822 samples are over full scale (peak +4.1 dBFS, first at 0:00.000): kept in the floating-point output, but most players will clip them; lower the gain"
    ])
  }

  /// A stage with memory (a moving average over 256 frames), primed on the frames before a range,
  /// makes the range equal the slice of the whole render bit for bit; the same stage claiming no
  /// memory does not, so the priming is what does it. A stage that also looks 100 frames ahead
  /// gets the mix's frames past the range's end too.
  @Test(arguments: [(true, 0), (false, 0), (true, 100)])
  func aPrimedStageMakesARangeEqualTheSliceOfTheWhole(primed: Bool, lookahead: Int) throws {
    let folder = TemporaryFolder()
    let frames = 41_017
    let path = try Fixture.write(Signal.noise(channels: 2, frames: frames), as: .wav16, in: folder, stem: "noise")
    func render(_ name: String, range: TimeRange?) throws -> [Float] {
      var request = RenderRequest(
        inputs: [InputSource(path: path)], outputPath: folder.file(name), output: OutputOptions(bitDepth: 32), cache: nil)
      request.range = range
      request.adjustBus = { $0.stages = [MovingAverage(window: 256, lookahead: lookahead, claimsMemory: primed)] }
      _ = try Renderer.render(request)
      return try FFmpegCLI.decodeFloat(folder.file(name))
    }
    let whole = try render("whole.wav", range: nil)
    let part = try render("part.wav", range: TimeRange(from: 0.3, to: 0.6))
    let slice = Fixture.frames(whole, 13_230..<26_460, channels: 2)
    #expect(whole.count == frames * 2)
    #expect(part.count == slice.count)
    let differing = zip(part, slice).filter { $0 != $1 }.count
    if primed { #expect(differing == 0) } else { #expect(differing > 0) }
  }
}

/// A test stage with memory: each sample becomes the mean of its channel's last `window` samples
/// and the `lookahead` samples after it, summed afresh in a fixed order, so the result depends on
/// the input alone, never on block splits.
private struct MovingAverage: BusStage {
  let window: Int
  let lookaheadFrames: Int
  let claimsMemory: Bool
  private var history: [[Float]] = [[], []]

  init(window: Int, lookahead: Int, claimsMemory: Bool) {
    self.window = window
    lookaheadFrames = lookahead
    self.claimsMemory = claimsMemory
  }

  var primingFrames: Int64 { claimsMemory ? Int64(window) : 0 }

  mutating func prime(_ block: BusBlock) {
    _ = process(block)
  }

  mutating func process(_ block: BusBlock) -> Bool {
    let channels = block.channels
    for index in block.samples.indices {
      let channel = index % channels
      history[channel].append(block.samples[index])
      if history[channel].count > window { history[channel].removeFirst() }
      let ahead = (1...max(1, lookaheadFrames)).prefix(lookaheadFrames).map { index + $0 * channels }
        .map { $0 < block.samples.count ? block.samples[$0] : ($0 - block.samples.count < block.upcoming.count ? block.upcoming[$0 - block.samples.count] : 0) }
      let sum = history[channel].reduce(0.0) { $0 + Double($1) } + ahead.reduce(0.0) { $0 + Double($1) }
      block.samples[index] = Float(sum / Double(window + lookaheadFrames))
    }
    return true
  }

  var notes: [String] { [] }
}
