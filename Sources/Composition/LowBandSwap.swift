/// A bass swap over one of a clip's crossfades: there the clip's low band (below `crossover`
/// hertz) follows a gain of its own instead of the fade: full until the swap and nothing after it
/// for the outgoing track, the other way round for the incoming one, moving over the 20 ms
/// `ramp` before the swap point. So the bass of the mix is always one track's, at its own level,
/// and two kick drums never sound together, as when a DJ swaps the low EQs on the downbeat.
///
/// Ranges are in the clip's own frames. Inside `span` the clip is split into its low band and its
/// high band, which sum to an allpass of it (its spectrum, its phase turned near the crossover);
/// over `edge` frames (30 ms) on either side (inside the clip) it crossfades between itself and
/// that sum, the filter having run `edge` frames more before, so entering and leaving the split is
/// seamless.
public struct LowBandSwap: Sendable, Hashable {
  /// The crossfade's frames.
  public var span: Range<Int64>
  /// Where the low band's gain moves; it ends at the swap point.
  public var ramp: Range<Int64>
  /// The low band's gain before and after the ramp: 1 to 0 for the outgoing track, 0 to 1 for the
  /// incoming one.
  public var from: Double
  /// The low band's gain after the ramp, from the swap point on: 0 for the outgoing track, 1 for the incoming one.
  public var to: Double
  /// Frames of each crossfade between the clip and its split bands, and of the filter's run-in.
  public var edge: Int64

  /// The swap over the crossfade `span` at clip frame `point` (inside it), at `sampleRate`: its
  /// low band moving from `from` to `to` over the 20 ms before the point.
  public init(span: Range<Int64>, at point: Int64, from: Double, to: Double, sampleRate: Int) {
    self.span = span
    let end = min(max(point, span.lowerBound), span.upperBound)
    ramp = max(span.lowerBound, end - Int64(max(1, sampleRate / 50)))..<end
    self.from = from
    self.to = to
    edge = Int64(max(1, sampleRate * 3 / 100))
  }

  /// The low band's gain at clip frame `frame` (inside `span`).
  public func gain(at frame: Int64) -> Double {
    if frame < ramp.lowerBound { return from }
    if frame >= ramp.upperBound { return to }
    return from + (to - from) * Double(frame - ramp.lowerBound) / Double(ramp.count)
  }

  /// Where the low band ends and the rest begins, in hertz: a DJ mixer's low EQ.
  public static let crossover = 200.0
  /// The clip frames the filter runs over in a clip of `duration` frames: the span, its edges and
  /// the filter's run-in before them.
  public func filtered(within duration: Int64) -> Range<Int64> {
    max(0, span.lowerBound - 2 * edge)..<min(duration, span.upperBound + edge)
  }

  /// How much of the split bands is heard at `frame` (0: the clip as it is; 1: only the bands).
  public func splitShare(at frame: Int64) -> Double {
    if span.contains(frame) { return 1 }
    let distance = frame < span.lowerBound ? span.lowerBound - frame : frame - span.upperBound + 1
    return max(0, 1 - Double(distance) / Double(edge))
  }

  /// This swap with its frames scaled by `ratio` (a mix fitted to a length), within `duration`.
  public func scaled(by ratio: Double, within duration: Int64) -> LowBandSwap {
    let scale = { (frame: Int64) in min(duration, Int64((Double(frame) * ratio).rounded())) }
    var scaled = self
    scaled.span = scale(span.lowerBound)..<scale(span.upperBound)
    scaled.ramp = scale(ramp.lowerBound)..<scale(ramp.upperBound)
    return scaled
  }
}
