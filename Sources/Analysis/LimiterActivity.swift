/// What a limiter did: how many separate stretches it turned down, for how long and how deep.
public struct LimiterActivity: Sendable, Equatable {
  /// Separate stretches of frames whose gain was below 1 (about one per caught peak or burst).
  public var regions = 0
  /// Frames whose gain was below 1.
  public var limitedFrames: Int64 = 0
  /// The lowest gain applied (linear; 1 when nothing was limited).
  public var lowestGain = 1.0
  /// From the first to the last frame whose gain was below 1, counted from the first frame
  /// passed to `PeakLimiter.process`; nil when none was.
  public var span: Range<Int64>?

  /// The activity of a limiter that has limited nothing: no regions, lowest gain 1.
  public init() {}

  /// The deepest gain reduction, in dB (0 when nothing was limited).
  public var deepestReductionDB: Double { lowestGain < 1 ? -decibels(lowestGain) : 0 }

  /// Counts `frame` as limited by `gain`.
  mutating func record(_ gain: Double, at frame: Int64) {
    if span?.upperBound != frame { regions += 1 }
    span = (span?.lowerBound ?? frame)..<(frame + 1)
    limitedFrames += 1
    lowestGain = min(lowestGain, gain)
  }
}
