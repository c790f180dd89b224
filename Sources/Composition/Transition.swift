/// How one clip hands over to the next.
public enum Transition: Sendable, Hashable {
  /// The next clip starts exactly where this one ends.
  case gapless
  /// The clips overlap while one fades out and the other fades in.
  case crossfade(Crossfade)
  /// This many frames of silence between the clips.
  case gap(Int64)
}

/// An overlap of two clips, possibly asymmetric: each side has its own length and curve.
///
/// The outgoing clip fades out over its last `outLength` frames; the incoming clip starts
/// `overlap` frames before the outgoing one ends and fades in over its first `inLength` frames.
public struct Crossfade: Sendable, Hashable {
  /// Frames the outgoing clip fades out over, its last ones.
  public var outLength: Int64
  /// Frames the incoming clip fades in over, its first ones.
  public var inLength: Int64
  /// The curve the outgoing clip fades out along.
  public var outCurve: FadeCurve
  /// The curve the incoming clip fades in along.
  public var inCurve: FadeCurve
  /// How many frames the clips overlap; by default the longer fade.
  public var overlap: Int64

  /// A crossfade of the two fades given, overlapping `overlap` frames (the longer fade when nil).
  public init(outLength: Int64, inLength: Int64, outCurve: FadeCurve, inCurve: FadeCurve, overlap: Int64? = nil) {
    self.outLength = outLength
    self.inLength = inLength
    self.outCurve = outCurve
    self.inCurve = inCurve
    self.overlap = overlap ?? max(outLength, inLength)
  }

  /// A symmetric crossfade: both sides `length` frames long on `curve`, fully overlapped.
  public static func symmetric(length: Int64, curve: FadeCurve) -> Crossfade {
    Crossfade(outLength: length, inLength: length, outCurve: curve, inCurve: curve)
  }
}
