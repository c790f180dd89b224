/// Volume over a clip's time, made of ramps, with the semantics of AVFoundation's
/// `setVolumeRamp(fromStartVolume:toEndVolume:timeRange:)`.
///
/// Before the first ramp the volume is 1. Within a ramp it moves from the start to the end volume
/// along the ramp's curve; after a ramp its end volume holds until the next ramp begins. Times are
/// sample frames from the clip's start (its first played frame is 0).
public struct VolumeEnvelope: Sendable, Hashable {
  /// One change of volume over a half-open range of the clip's frames.
  public struct Ramp: Sendable, Hashable {
    /// The volume factor at the ramp's start (1: unchanged).
    public var from: Double
    /// The volume factor at its end, which holds after it until the next ramp.
    public var to: Double
    /// The frames the volume moves over, counted from the clip's start.
    public var range: Range<Int64>
    /// The curve the volume follows (backwards for a falling ramp).
    public var curve: FadeCurve

    /// A ramp from volume `from` to volume `to` over `range`, along `curve`.
    public init(from: Double, to: Double, range: Range<Int64>, curve: FadeCurve = .linear) {
      self.from = from
      self.to = to
      self.range = range
      self.curve = curve
    }

    /// The volume at `frame`, which lies in the ramp's range.
    func volume(at frame: Int64) -> Double {
      let length = Double(range.count)
      let progress = length == 0 ? 1 : Double(frame - range.lowerBound) / length
      // A rising ramp follows the curve forwards, a falling one follows it backwards (mirrored).
      return to >= from
        ? from + (to - from) * curve.fadeInGain(progress)
        : to + (from - to) * curve.fadeOutGain(progress)
    }
  }

  /// The ramps, in order, not overlapping.
  public private(set) var ramps: [Ramp] = []

  /// An envelope with no ramps: volume 1 throughout.
  public init() {}

  /// True when the volume is 1 throughout.
  public var isUnity: Bool { ramps.allSatisfy { $0.from == 1 && $0.to == 1 } }

  /// Adds a ramp; refuses one that overlaps a ramp already set.
  public mutating func setVolumeRamp(from: Double, to: Double, over range: Range<Int64>, curve: FadeCurve = .linear) throws(TimelineError) {
    let ramp = Ramp(from: from, to: to, range: range, curve: curve)
    guard !ramps.contains(where: { $0.range.overlaps(range) }) else { throw .overlappingRamps }
    ramps.append(ramp)
    ramps.sort { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// The volume at `frame` frames from the clip's start.
  public func volume(at frame: Int64) -> Double {
    var volume = 1.0
    for ramp in ramps {
      if frame < ramp.range.lowerBound { break }
      volume = ramp.range.contains(frame) ? ramp.volume(at: frame) : ramp.to
    }
    return volume
  }

  /// True when no ramp changes the volume inside `range` (so one gain serves the whole range).
  public func isConstant(over range: Range<Int64>) -> Bool {
    !ramps.contains { $0.range.overlaps(range) && $0.from != $0.to }
  }
}
