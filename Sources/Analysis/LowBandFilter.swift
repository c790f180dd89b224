import Foundation

/// A Linkwitz-Riley crossover: a signal's low band below a frequency and its high band above it,
/// each a 4th-order filter (two 2nd-order Butterworth sections, RBJ's bilinear-transform
/// coefficients), per channel.
///
/// The two bands sum to an allpass of the signal: the same spectrum, its phase turned near the
/// crossover, so a mix of the bands at equal gains has no dip or bump at any frequency.
public struct LowBandFilter: Sendable {
  private let low: Coefficients
  private let high: Coefficients
  private let channels: Int
  /// Per channel, band and section: the last two inputs and outputs.
  private var state: [Double]

  /// One 2nd-order section's coefficients, normalized.
  private struct Coefficients {
    var b0, b1, b2, a1, a2: Double
  }

  /// A crossover for `channels` interleaved channels at `sampleRate`, at `frequency`.
  public init(sampleRate: Int, channels: Int, frequency: Double) {
    let omega = 2 * Double.pi * min(frequency, 0.45 * Double(sampleRate)) / Double(sampleRate)
    let alpha = sin(omega) / (2 * (0.5).squareRoot())
    let norm = 1 + alpha
    let (a1, a2) = (-2 * cos(omega) / norm, (1 - alpha) / norm)
    low = Coefficients(b0: (1 - cos(omega)) / 2 / norm, b1: (1 - cos(omega)) / norm, b2: (1 - cos(omega)) / 2 / norm, a1: a1, a2: a2)
    high = Coefficients(b0: (1 + cos(omega)) / 2 / norm, b1: -(1 + cos(omega)) / norm, b2: (1 + cos(omega)) / 2 / norm, a1: a1, a2: a2)
    self.channels = channels
    state = Array(repeating: 0, count: channels * 2 * 2 * 4)
  }

  /// Splits one interleaved frame into its low band and its high band.
  public mutating func split(_ frame: UnsafePointer<Float>, low lowBand: UnsafeMutablePointer<Float>, high highBand: UnsafeMutablePointer<Float>) {
    for channel in 0..<channels {
      lowBand[channel] = Float(filter(Double(frame[channel]), low, at: channel * 16))
      highBand[channel] = Float(filter(Double(frame[channel]), high, at: channel * 16 + 8))
    }
  }

  /// `value` through two sections of `coefficients`, their state from `base` on.
  private mutating func filter(_ value: Double, _ coefficients: Coefficients, at base: Int) -> Double {
    var value = value
    for section in 0..<2 {
      let slot = base + section * 4
      let output = coefficients.b0 * value + coefficients.b1 * state[slot] + coefficients.b2 * state[slot + 1]
        - coefficients.a1 * state[slot + 2] - coefficients.a2 * state[slot + 3]
      state[slot + 1] = state[slot]
      state[slot] = value
      state[slot + 3] = state[slot + 2]
      state[slot + 2] = output
      value = output
    }
    return value
  }
}
