import Foundation

/// When a progress meter reports: at most every `interval` seconds, and always for the last
/// update, however soon it comes.
struct ReportThrottle: Sendable {
  let interval: Double
  private let start = Date()
  private var lastReport = -Double.infinity

  init(interval: Double) { self.interval = interval }

  /// The seconds since the start when a report is due now (`isLast`, or `interval` since the last
  /// one), counted as reported; nil when it is not.
  mutating func due(isLast: Bool) -> Double? {
    let elapsed = Date().timeIntervalSince(start)
    guard isLast || elapsed - lastReport >= interval else { return nil }
    lastReport = elapsed
    return elapsed
  }
}
