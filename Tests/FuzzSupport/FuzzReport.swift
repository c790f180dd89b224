import Foundation

/// What a fuzz run of one parser saw: how many inputs, how each ended, and the slowest.
public struct FuzzReport: Sendable, CustomStringConvertible {
  public var target: String
  public var inputs = 0
  public var values = 0
  public var refusals = 0
  /// CPU time of the whole run on its thread, in seconds.
  public var seconds = 0.0
  /// The slowest input's number and its time in seconds (timed again alone, the best of three).
  public var slowest: (index: Int, seconds: Double) = (0, 0)

  public init(target: String) { self.target = target }

  public var inputsPerSecond: Double { seconds > 0 ? Double(inputs) / seconds : 0 }

  /// How many times the mean input's time the slowest input took: what sets a parser that is
  /// quadratic on some input (thousands of times the mean) apart from one merely slower on a
  /// slower machine (the same on any machine).
  public var slowestToMean: Double { inputs > 0 && seconds > 0 ? slowest.seconds / (seconds / Double(inputs)) : 0 }

  public var description: String {
    let rate = Int(inputsPerSecond.rounded())
    let slowestMilliseconds = (slowest.seconds * 1000).formatted(.number.precision(.fractionLength(1)))
    return "\(target): \(inputs) inputs (\(values) read, \(refusals) refused) in "
      + "\(seconds.formatted(.number.precision(.fractionLength(2)))) s, \(rate)/s; slowest #\(slowest.index) \(slowestMilliseconds) ms "
      + "(\(Int(slowestToMean.rounded()))x the mean)"
  }
}
