import Foundation

/// What a fuzz run of one parser saw: how many inputs, how each ended, and the slowest.
public struct FuzzReport: Sendable, CustomStringConvertible {
  public var target: String
  public var inputs = 0
  public var values = 0
  public var refusals = 0
  /// Wall time of the whole run, in seconds.
  public var seconds = 0.0
  /// The slowest input's number and its time in seconds.
  public var slowest: (index: Int, seconds: Double) = (0, 0)

  public init(target: String) { self.target = target }

  public var inputsPerSecond: Double { seconds > 0 ? Double(inputs) / seconds : 0 }

  public var description: String {
    let rate = Int(inputsPerSecond.rounded())
    let slowestMilliseconds = (slowest.seconds * 1000).formatted(.number.precision(.fractionLength(1)))
    return "\(target): \(inputs) inputs (\(values) read, \(refusals) refused) in "
      + "\(seconds.formatted(.number.precision(.fractionLength(2)))) s, \(rate)/s; slowest #\(slowest.index) \(slowestMilliseconds) ms"
  }
}
