import Analysis
import AudioTestSupport
import Foundation
import Testing

/// The limiter's output depends on the signal only: not on block sizes, not on whether the
/// look-ahead comes from the caller or from `Pipe`, and a primed slice equals the whole run.
@Suite struct LimiterStreamingTests {
  static let cases: [(PeakLimiter.Detection, Int)] = [(.truePeak, 2), (.truePeak, 1), (.samplePeak, 2), (.samplePeak, 1)]
  static let sampleRate = 44100
  static let frames = 48_511

  static func limiter(_ detection: PeakLimiter.Detection, _ channels: Int) -> PeakLimiter {
    PeakLimiter(sampleRate: sampleRate, channelCount: channels, ceiling: pow(10, -1.0 / 20), detection: detection)
  }

  /// Clicks every 17–43 ms over loud music, in blocks of 1, 7, 333, 4096 frames and of mixed
  /// sizes: the same samples and the same activity every time.
  @Test(arguments: cases)
  func blockSizesDoNotChangeTheOutput(detection: PeakLimiter.Detection, channels: Int) {
    let input = TestSignals.denseOvers(sampleRate: Self.sampleRate, channels: channels, frames: Self.frames)
    var reference = Self.limiter(detection, channels)
    let (expected, _) = LimiterHarness.limit(input, with: &reference, blockFrames: [4096])
    #expect(reference.activity.limitedFrames > Int64(Self.frames / 2) && reference.activity.deepestReductionDB > 4)
    for sizes in [[1], [7], [333], [1, 4096, 7, 64, 333]] {
      var limiter = Self.limiter(detection, channels)
      let (output, _) = LimiterHarness.limit(input, with: &limiter, blockFrames: sizes)
      #expect(LimiterHarness.firstDifference(output, expected) == nil, "blocks of \(sizes)")
      #expect(limiter.activity == reference.activity)
    }
  }

  /// `Pipe`, fed blocks of odd sizes, gives what `process` gives with the look-ahead supplied.
  @Test(arguments: cases)
  func pipeEqualsProcessWithLookahead(detection: PeakLimiter.Detection, channels: Int) {
    let input = TestSignals.denseOvers(sampleRate: Self.sampleRate, channels: channels, frames: Self.frames)
    var reference = Self.limiter(detection, channels)
    let (expected, _) = LimiterHarness.limit(input, with: &reference, blockFrames: [1000])
    var pipe = PeakLimiter.Pipe(Self.limiter(detection, channels))
    var output: [Float] = []
    let sizes = [3, 91, 1, 4096, 517]
    var start = 0
    var pushes = 0
    while start < input.count {
      let block = Array(input[start..<min(start + sizes[pushes % sizes.count] * channels, input.count)])
      output += block.withUnsafeBufferPointer { pipe.push($0) }
      start += block.count
      pushes += 1
    }
    output += pipe.finish()
    #expect(LimiterHarness.firstDifference(output, expected) == nil)
    #expect(pipe.limiter.activity == reference.activity)
  }

  /// A limiter primed with `primingFrames` before a start position where limiting is under way
  /// (among dense clicks, or 40 ms into the release of a lone one) gives, from there on, exactly
  /// the whole run's samples.
  @Test(arguments: cases)
  func aPrimedSliceEqualsTheWholeRun(detection: PeakLimiter.Detection, channels: Int) {
    let dense = TestSignals.denseOvers(sampleRate: Self.sampleRate, channels: channels, frames: Self.frames)
    for (input, starts) in [(dense, [20_011, 31_337]), (Self.loneClicks(channels: channels), [17_900 + 1_789])] {
      var whole = Self.limiter(detection, channels)
      let (expected, _) = LimiterHarness.limit(input, with: &whole, blockFrames: [777])
      for start in starts {
        var limiter = Self.limiter(detection, channels)
        let from = (start - limiter.primingFrames) * channels
        input.withUnsafeBufferPointer { input in
          limiter.prime(
            UnsafeBufferPointer(rebasing: input[from..<(start * channels)]),
            upcoming: UnsafeBufferPointer(rebasing: input[(start * channels)...]))
        }
        #expect(expected[(start * channels)] != input[(start * channels)], "limiting is under way at \(start)")
        let (slice, _) = LimiterHarness.limit(Array(input[(start * channels)...]), with: &limiter, blockFrames: [333])
        #expect(LimiterHarness.firstDifference(slice, expected[(start * channels)...]) == nil, "from frame \(start)")
      }
    }
  }

  /// Quiet noise with three clicks 2 over full scale, one of them alone.
  static func loneClicks(channels: Int) -> [Float] {
    var input = Signal.noise(channels: channels, frames: 40_009, amplitude: 0.1)
    for frame in [5_003, 17_041, 17_900] { input[frame * channels] = 2 }
    return input
  }

  /// Where the caller says nothing can exceed the ceiling, the limiter skips detection but plays
  /// out the release in progress: the same output as with detection everywhere.
  @Test(arguments: [(PeakLimiter.Detection.truePeak, 2), (.samplePeak, 1)])
  func mayExceedFalseStillPlaysOutTheRelease(detection: PeakLimiter.Detection, channels: Int) {
    let input = Self.loneClicks(channels: channels)
    var reference = Self.limiter(detection, channels)
    let (expected, _) = LimiterHarness.limit(input, with: &reference, blockFrames: [401])

    var limiter = Self.limiter(detection, channels)
    var output = input
    var start = 0
    var skipped = 0
    while start < input.count {
      let end = min(start + 401 * channels, input.count)
      let lookaheadEnd = min(end + limiter.lookaheadFrames * channels, input.count)
      let mayExceed = input[start..<lookaheadEnd].contains { abs($0) > 0.5 }
      skipped += mayExceed ? 0 : 1
      output.withUnsafeMutableBufferPointer { output in
        input.withUnsafeBufferPointer { input in
          _ = limiter.process(
            UnsafeMutableBufferPointer(rebasing: output[start..<end]),
            upcoming: UnsafeBufferPointer(rebasing: input[end..<lookaheadEnd]), mayExceed: mayExceed)
        }
      }
      start = end
    }
    #expect(skipped > 80)
    #expect(LimiterHarness.firstDifference(output, expected) == nil)
    #expect(limiter.activity == reference.activity)
  }
}
