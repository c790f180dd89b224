/// A bass swap over one of a clip's crossfades: there the clip's low band (below `crossover`
/// hertz) follows a gain of its own instead of the fade: full until the swap and nothing after it
/// for the outgoing track, the other way round for the incoming one, moving over the 20 ms
/// `ramp` before the swap point. So the bass of the mix is always one track's, at its own level,
/// and two kick drums never sound together, as when a DJ swaps the low EQs on the downbeat.
///
/// Ranges are in the clip's own frames. Inside `span` the clip is split into its low band and its
/// high band, which sum to an allpass of it (its spectrum, its phase turned near the crossover);
/// over `edgeFrames` on either side (inside the clip) it crossfades between itself and that sum,
/// the filter having run `edgeFrames` more before, so entering and leaving the split is seamless.
public struct LowBandSwap: Sendable, Hashable {
  /// The crossfade's frames.
  public var span: Range<Int64>
  /// Where the low band's gain moves; it ends at the swap point.
  public var ramp: Range<Int64>
  /// The low band's gain before and after the ramp: 1 to 0 for the outgoing track, 0 to 1 for the
  /// incoming one.
  public var from: Double
  public var to: Double

  /// Frames the low band's gain takes to move: 20 ms at 44.1 kHz.
  public static let rampFrames: Int64 = 882

  /// The swap over the crossfade `span` at clip frame `point` (inside it), its low band moving
  /// from `from` to `to` over the ramp frames before it.
  public init(span: Range<Int64>, at point: Int64, from: Double, to: Double) {
    self.span = span
    let end = min(max(point, span.lowerBound), span.upperBound)
    ramp = max(span.lowerBound, end - Self.rampFrames)..<end
    self.from = from
    self.to = to
  }

  /// The low band's gain at clip frame `frame` (inside `span`).
  public func gain(at frame: Int64) -> Double {
    if frame < ramp.lowerBound { return from }
    if frame >= ramp.upperBound { return to }
    return from + (to - from) * Double(frame - ramp.lowerBound) / Double(ramp.count)
  }

  /// Where the low band ends and the rest begins, in hertz: a DJ mixer's low EQ.
  public static let crossover = 200.0
  /// Frames of each crossfade between the clip and its split bands: 30 ms at 44.1 kHz.
  public static let edgeFrames: Int64 = 1323

  /// The clip frames the filter runs over in a clip of `duration` frames: the span, its edges and
  /// the filter's run-in before them.
  public func filtered(within duration: Int64) -> Range<Int64> {
    max(0, span.lowerBound - 2 * Self.edgeFrames)..<min(duration, span.upperBound + Self.edgeFrames)
  }

  /// How much of the split bands is heard at `frame` (0: the clip as it is; 1: only the bands).
  public func splitShare(at frame: Int64) -> Double {
    if span.contains(frame) { return 1 }
    let distance = frame < span.lowerBound ? span.lowerBound - frame : frame - span.upperBound + 1
    return max(0, 1 - Double(distance) / Double(Self.edgeFrames))
  }
}
