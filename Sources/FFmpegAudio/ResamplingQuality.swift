/// How closely a rate conversion follows the ideal one: the SoX resampler's two best settings,
/// chosen by what the output keeps.
///
/// Both are linear phase, flat to 91 % of the lower rate's Nyquist frequency, and leave nothing
/// of what lies above it (aliases and images) above their precision.
public enum ResamplingQuality: Sendable, Hashable, CustomStringConvertible {
  /// 20-bit precision, SoX's `rate -h`: for 16-bit and lossy outputs, whose own noise floor lies above it.
  case high
  /// 28-bit precision, SoX's `rate -v`: for 24-bit and floating-point outputs.
  case veryHigh

  /// The quality an output of `bits` integer bits keeps (nil: a lossy codec; 32: float).
  public init(outputBits: Int?) {
    self = (outputBits ?? 16) > 16 ? .veryHigh : .high
  }

  /// The resampler's precision in bits (libswresample's `precision` option).
  public var precisionBits: Int {
    switch self {
    case .high: 20
    case .veryHigh: 28
    }
  }

  /// "SoX very high quality, 28-bit".
  public var description: String {
    switch self {
    case .high: "SoX high quality, 20-bit"
    case .veryHigh: "SoX very high quality, 28-bit"
    }
  }
}
