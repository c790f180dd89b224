/// Tracks lowered under an overlay: down by `gain` over `range`, with ramps on either side.
///
/// The ramps lie outside `range`: the level starts falling `rampLength` frames before the
/// overlay and is back `rampLength` frames after it, so the overlay is heard over the lowered
/// level throughout. The ramps follow an equal-power curve.
public struct Duck: Sendable, Hashable {
  /// The overlay's range on the timeline.
  public var range: Range<Int64>
  /// The factor the tracks are multiplied by under the overlay (for example 0.25 for -12 dB).
  public var gain: Double
  /// Frames the level takes to fall before the overlay and to rise back after it (outside `range`).
  public var rampLength: Int64

  /// A duck multiplying the tracks by `gain` over `range`, with `rampLength`-frame ramps on either side.
  public init(range: Range<Int64>, gain: Double, rampLength: Int64) {
    self.range = range
    self.gain = gain
    self.rampLength = rampLength
  }

  /// Where the duck changes the level at all: the overlay with its ramps.
  public var extent: Range<Int64> { (range.lowerBound - rampLength)..<(range.upperBound + rampLength) }

  /// The frames at which the level starts or stops changing.
  public var edges: [Int64] { [extent.lowerBound, range.lowerBound, range.upperBound, extent.upperBound] }

  /// The factor at timeline frame `frame`.
  public func gain(at frame: Int64) -> Double {
    if !extent.contains(frame) { return 1 }
    if range.contains(frame) { return gain }
    let length = Double(max(rampLength, 1))
    let depth = 1 - gain
    if frame < range.lowerBound {
      return 1 - depth * FadeCurve.equalPower.fadeInGain(Double(frame - extent.lowerBound) / length)
    }
    return gain + depth * FadeCurve.equalPower.fadeInGain(Double(frame - range.upperBound) / length)
  }

  /// True when the factor is one number over `range`.
  public func isConstant(over frames: Range<Int64>) -> Bool {
    let ramps = [extent.lowerBound..<range.lowerBound, range.upperBound..<extent.upperBound]
    return !ramps.contains { !$0.isEmpty && $0.overlaps(frames) }
  }
}

extension [Duck] {
  /// The factor several ducks give at `frame`: the deepest one's, so overlays that meet do not
  /// lower the tracks twice.
  public func gain(at frame: Int64) -> Double {
    reduce(1) { Swift.min($0, $1.gain(at: frame)) }
  }

  /// True when none of the ducks changes the level inside `frames`.
  public func areConstant(over frames: Range<Int64>) -> Bool { allSatisfy { $0.isConstant(over: frames) } }
}
