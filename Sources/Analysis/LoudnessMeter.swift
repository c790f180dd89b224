import CEbur128
import Foundation

/// EBU R128 / ITU-R BS.1770-4 measurement of one signal, by libebur128.
///
/// libebur128 holds the K-weighting filters and the gating; this type owns its state and speaks
/// Swift. It measures integrated loudness, loudness range, 10 and 100 ms block energies and the sample
/// peak (the true peak is `PeakScan`'s). A mono signal is measured as it plays in a stereo mix
/// (libebur128's dual-mono channel), not 3 dB low.
final class LoudnessMeter {
  private var state: UnsafeMutablePointer<ebur128_state>?
  let channelCount: Int

  /// A meter for `channelCount` interleaved channels at `sampleRate`; nil when libebur128 refuses them.
  init?(sampleRate: Int, channelCount: Int) {
    let modes = EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue | EBUR128_MODE_SAMPLE_PEAK.rawValue | EBUR128_MODE_HISTOGRAM.rawValue
    guard channelCount > 0, sampleRate > 0, let state = ebur128_init(UInt32(channelCount), UInt(sampleRate), Int32(modes)) else {
      return nil
    }
    self.state = state
    self.channelCount = channelCount
    if channelCount == 1 { ebur128_set_channel(state, 0, Int32(EBUR128_DUAL_MONO.rawValue)) }
  }

  deinit { ebur128_destroy(&state) }

  /// Adds interleaved frames.
  func add(_ samples: UnsafeBufferPointer<Float>) {
    guard let base = samples.baseAddress, samples.count >= channelCount else { return }
    ebur128_add_frames_float(state, base, samples.count / channelCount)
  }

  /// Integrated loudness so far, in LUFS (-inf for silence).
  var integrated: Double { read(ebur128_loudness_global) }

  /// Loudness range so far, in LU.
  var range: Double { read(ebur128_loudness_range) }

  /// The energy (K-weighted mean square, channel weights applied) of the last `milliseconds`:
  /// `sampleRate × milliseconds / 1000` frames (rounded down), at most 3 s.
  func lastEnergy(milliseconds: Int) -> Double {
    let loudness = read { ebur128_loudness_window($0, UInt(milliseconds), $1) }
    return loudness == -.infinity ? 0 : pow(10, (loudness + 0.691) / 10)
  }

  /// The highest sample peak of any channel, as a linear value.
  var samplePeak: Double { highest(ebur128_sample_peak) }

  private func highest(_ measure: (UnsafeMutablePointer<ebur128_state>?, UInt32, UnsafeMutablePointer<Double>?) -> Int32) -> Double {
    (0..<channelCount).map { channel in read { measure($0, UInt32(channel), $1) } }.max() ?? 0
  }

  private func read(_ measure: (UnsafeMutablePointer<ebur128_state>?, UnsafeMutablePointer<Double>?) -> Int32) -> Double {
    var value = 0.0
    guard measure(state, &value) == Int32(EBUR128_SUCCESS.rawValue) else { return -.infinity }
    return value
  }
}
