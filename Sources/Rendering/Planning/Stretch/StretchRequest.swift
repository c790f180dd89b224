import Composition

/// A stretch of one input to a length, as `segue stretch` asks for it.
public struct StretchRequest: Sendable, Equatable {
  /// What the output's length is set by.
  public enum Target: Sendable, Equatable {
    /// A length ratio R: output frames = round(input frames × R).
    case ratio(Double)
    /// The output's length in frames.
    case frames(Int64)
    /// The output's length in seconds, to the nearest frame.
    case seconds(Double)
    /// The length of another file: its video's when it has one, else its audio's.
    case matching(path: String)
  }

  public var target: Target
  /// How to stretch; nil picks by the ratio (`StretchMethod.automatic`).
  public var method: StretchMethod?
  /// Seconds of silence added at the start (positive) or of audio left out there (negative),
  /// fixing a start offset in the same pass; the target length includes it.
  public var offsetSeconds: Double

  public init(target: Target, method: StretchMethod? = nil, offsetSeconds: Double = 0) {
    self.target = target
    self.method = method
    self.offsetSeconds = offsetSeconds
  }

  /// Length ratios Segue stretches by.
  public static let ratioRange = Stretch.ratioRange
}
