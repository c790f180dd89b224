import Foundation

/// How a clip's source is stretched to the clip's length: the `sourceFrames` frames the clip
/// would play unstretched (from its in-point, past its splices) become its `duration` frames.
///
/// One vocabulary everywhere: the length ratio R is output length ÷ input length, the speed S is
/// 1 ÷ R (a playback rate); varispeed moves pitch by the speed.
public struct Stretch: Sendable, Hashable {
  /// How many frames the clip plays before the stretch.
  public var sourceFrames: Int64
  /// How the source is stretched: by resampling (pitch moves with speed) or keeping pitch.
  public var method: StretchMethod
  /// Frames inside the stretch that must land on given clip frames (a beat-matched entry's
  /// beats), in order; between them the stretch is even. Only `preservePitch` takes them.
  public var keyFrames: [KeyFrame] = []
  /// Keep drum hits where they fall. Made longer, a track keeps them with Rubber Band's short
  /// window (its standard one smeared a kick's attack 25 ms early); made shorter, with its standard
  /// one, as the short window put some kicks with a clap on them up to 16 ms late (measured on
  /// issue 29's test set with the rubberband CLI and in beat-matched renders: 0.9 ms at worst with
  /// the standard window). Beat matching stretches this way (`usesShortWindow`).
  public var sharpAttacks = false

  /// True when Rubber Band's short window keeps this stretch's drum hits in place: sharp attacks,
  /// made longer (`clipFrames` at least its source frames).
  public func usesShortWindow(clipFrames: Int64) -> Bool { sharpAttacks && clipFrames >= sourceFrames }

  /// A stretch of `sourceFrames` unstretched frames by `method`, pinned at `keyFrames`, keeping drum hits if `sharpAttacks`.
  public init(sourceFrames: Int64, method: StretchMethod, keyFrames: [KeyFrame] = [], sharpAttacks: Bool = false) {
    self.sourceFrames = sourceFrames
    self.method = method
    self.keyFrames = keyFrames
    self.sharpAttacks = sharpAttacks
  }

  /// A frame of what the clip plays unstretched and the clip frame it plays at, both counted
  /// from the clip's start.
  public struct KeyFrame: Sendable, Hashable {
    /// The frame of the unstretched clip, counted from the clip's start.
    public var source: Int64
    /// The clip frame that source frame plays at, counted from the clip's start.
    public var clip: Int64

    /// A key frame pinning unstretched frame `source` to clip frame `clip`.
    public init(source: Int64, clip: Int64) {
      self.source = source
      self.clip = clip
    }
  }

  /// Length ratios Segue stretches by.
  public static let ratioRange = 0.5...2.0

  /// The clip frame source frame `source` plays at, in a clip `clipFrames` long: evenly between
  /// the key frames (and the clip's ends).
  public func clipFrame(ofSource source: Double, clipFrames: Int64) -> Double {
    let points = [(0.0, 0.0)] + keyFrames.map { (Double($0.source), Double($0.clip)) } + [(Double(sourceFrames), Double(clipFrames))]
    let after = points.firstIndex { $0.0 >= source } ?? points.count - 1
    let (a, b) = (points[max(0, after - 1)], points[max(1, after)])
    return b.0 > a.0 ? a.1 + (source - a.0) * (b.1 - a.1) / (b.0 - a.0) : a.1
  }
}

/// How audio is made longer or shorter.
public enum StretchMethod: String, Sendable, Hashable, CaseIterable, Codable {
  /// Resampling: pitch moves with speed, as on tape; transparent for tiny corrections.
  case varispeed
  /// Time stretching that keeps pitch (Rubber Band), for tempo changes and larger ratios.
  case preservePitch = "preserve-pitch"

  /// Below this pitch change `auto` picks varispeed, in cents.
  public static let varispeedCents = 5.0

  /// The method `auto` picks for length ratio `ratio`, and why.
  public static func automatic(forRatio ratio: Double) -> (method: StretchMethod, reason: String) {
    let cents = abs(1200 * log2(ratio))
    let change = cents < 0.01 ? String(format: "%.4f", cents) : String(format: "%.2f", cents)
    return cents < varispeedCents
      ? (.varispeed, "the pitch moves by \(change) cents, under \(Int(varispeedCents)): resampling is transparent")
      : (.preservePitch, "varispeed would move the pitch by \(change) cents, \(Int(varispeedCents)) or more")
  }
}
