import AudioTestSupport
import CEbur128
import Testing

@testable import Analysis

/// The analysis pass's loudness (own K-weighting, each sample summed once) measures what
/// libebur128 measures without its histogram: the integrated loudness and the range within 1e-4
/// LU, the momentary loudness every 100 ms to its stored hundredth of a LU, whatever the blocks it
/// is handed.
@Suite struct SignalAnalyzerLoudnessTests {
  @Test(arguments: [(44_100, 2), (48_000, 6), (22_050, 1)])
  func agreesWithLibebur128(sampleRate: Int, channelCount: Int) throws {
    let samples = ProgrammeMeterTests.signal(sampleRate: sampleRate, channelCount: channelCount)
    let analyzer = try #require(SignalAnalyzer(sampleRate: sampleRate, channelCount: channelCount))
    TestSignals.feedInUnevenBlocks(samples, channels: channelCount, to: analyzer.add)
    let measured = analyzer.finish()
    let reference = Self.libebur128(samples, sampleRate: sampleRate, channelCount: channelCount)
    let integrated = try #require(measured.integratedLUFS)
    #expect(abs(integrated - reference.integrated) <= 1e-4, "\(integrated) LUFS, libebur128 \(reference.integrated) LUFS")
    #expect(abs(measured.loudnessRange - reference.range) <= 1e-4, "\(measured.loudnessRange) LU, libebur128 \(reference.range) LU")
    #expect(measured.momentary.decibels.count == reference.momentary.count)
    let audible = zip(measured.momentary.decibels, reference.momentary).filter { $0.1 > -70 }
    #expect(audible.count > 100)
    let worst = audible.map { abs($0.0 - $0.1) }.max() ?? 0
    #expect(worst <= 0.005 + 1e-4, "momentary loudness off by up to \(worst) LU")
  }

  /// libebur128's integrated loudness and range without its histogram, and its momentary loudness
  /// after each whole 100 ms.
  private static func libebur128(_ samples: [Float], sampleRate: Int, channelCount: Int)
    -> (integrated: Double, range: Double, momentary: [Double])
  {
    var state = ebur128_init(UInt32(channelCount), UInt(sampleRate), Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue))
    defer { ebur128_destroy(&state) }
    if channelCount == 1 { ebur128_set_channel(state, 0, Int32(EBUR128_DUAL_MONO.rawValue)) }
    let step = sampleRate / 10
    var momentary: [Double] = []
    samples.withUnsafeBufferPointer { all in
      for first in stride(from: 0, through: all.count / channelCount - step, by: step) {
        ebur128_add_frames_float(state, all.baseAddress! + first * channelCount, step)
        var value = 0.0
        ebur128_loudness_momentary(state, &value)
        momentary.append(value)
      }
    }
    var integrated = 0.0
    var range = 0.0
    ebur128_loudness_global(state, &integrated)
    ebur128_loudness_range(state, &range)
    return (integrated, range, momentary)
  }
}
