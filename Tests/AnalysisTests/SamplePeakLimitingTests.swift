import Analysis
import AudioTestSupport
import Foundation
import Testing

/// Sample-peak limiting at 0 dBFS touches only the frames near samples over full scale.
@Suite struct SamplePeakLimitingTests {
  static let overs = [(3_001, Float(1.3)), (9_173, -1.7), (21_019, 1.02), (21_511, 1.2)]

  /// Noise at 0.6 with four samples over full scale: afterwards no sample is over, and every
  /// frame that changed lies within the attack before or the release after one of them.
  @Test(arguments: [1, 2])
  func onlyFramesNearSamplesOverFullScaleChange(channels: Int) {
    var input = Signal.noise(channels: channels, frames: 30_011, amplitude: 0.6)
    for (frame, value) in Self.overs { input[frame * channels + channels - 1] = value }
    var limiter = PeakLimiter(sampleRate: 48000, channelCount: channels, ceiling: 1, detection: .samplePeak)
    let (output, _) = LimiterHarness.limit(input, with: &limiter, blockFrames: [511])

    #expect(output.allSatisfy { abs($0) <= 1 })
    let changed = LimiterHarness.changedFrames(input, output, channels: channels)
    let overFrames = Self.overs.map(\.0)
    #expect(overFrames.allSatisfy(changed.contains))
    #expect(changed.allSatisfy { frame in overFrames.contains { (($0 - limiter.attackFrames)...($0 + limiter.releaseFrames)).contains(frame) } })
    #expect(limiter.activity.regions == 3)
    #expect(limiter.activity.limitedFrames == Int64(changed.count))
  }

  /// A signal peaking at 0.999 passes bit for bit, and no call says it changed anything.
  @Test(arguments: [1, 2])
  func aSignalUnderTheCeilingPassesBitForBit(channels: Int) {
    let noise = Signal.noise(channels: channels, frames: 20_011, amplitude: 0.8)
    let scale = 0.999 / noise.map(abs).max()!
    let input = noise.map { $0 * scale }
    var limiter = PeakLimiter(sampleRate: 44100, channelCount: channels, ceiling: 1, detection: .samplePeak)
    let (output, changed) = LimiterHarness.limit(input, with: &limiter, blockFrames: [1, 7, 333, 4096])
    #expect(LimiterHarness.firstDifference(output, input) == nil)
    #expect(!changed.contains(true))
    #expect(limiter.activity == LimiterActivity())
  }
}
