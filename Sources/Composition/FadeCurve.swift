import Foundation

/// The shape of a fade, as a gain from 0 to 1 over a fade's progress from 0 to 1.
///
/// Every curve maps 0 to 0 and 1 to 1 and never decreases in between; a fade-out plays the same
/// curve backwards (`fadeOutGain(x) == fadeInGain(1 - x)`), so a crossfade's two sides mirror.
public enum FadeCurve: String, Sendable, CaseIterable, Codable {
  /// Equal gain: the two sides always sum to 1; right for correlated material (the same song).
  case linear
  /// Equal power (sine/cosine): the two sides' powers sum to 1; right for unrelated material.
  case equalPower = "equal-power"
  /// Slow at both ends, fast in the middle (half a cosine).
  case sCurve = "s-curve"
  /// Fast at first, then slow: the mirror of `exp`.
  case log
  /// Linear in decibels over a 60 dB range: slow at first, then fast.
  case exp

  /// The gain of a fade-in at `progress` (0 at the start of the fade, 1 at its end).
  public func fadeInGain(_ progress: Double) -> Double {
    let x = min(max(progress, 0), 1)
    switch self {
    case .linear: return x
    case .equalPower: return sin(x * .pi / 2)
    case .sCurve: return (1 - cos(x * .pi)) / 2
    case .exp: return Self.decibelRamp(x)
    case .log: return 1 - Self.decibelRamp(1 - x)
    }
  }

  /// The gain of a fade-out at `progress` (1 at the start of the fade, 0 at its end).
  public func fadeOutGain(_ progress: Double) -> Double { fadeInGain(1 - progress) }

  /// Decibels rising linearly from -60 dB to 0 dB, shifted and scaled to run exactly from 0 to 1.
  private static func decibelRamp(_ x: Double) -> Double {
    let floor = pow(10, -60.0 / 20)
    return (pow(10, 60 * (x - 1) / 20) - floor) / (1 - floor)
  }
}
