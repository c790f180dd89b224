import Foundation

/// Reads times as people write them: plain seconds (`75.5`) or `[h:]mm:ss[.fff]` (`1:15.5`, `1:02:10`).
public enum TimeParser {
  /// The time in seconds, or nil if `text` is not a time.
  public static func seconds(_ text: String) -> Double? {
    let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    guard let last = Double(parts.last!), last >= 0, last.isFinite else { return nil }
    if parts.count == 1 { return last }
    guard last < 60 else { return nil }
    var total = last
    var unit = 60.0
    for part in parts.dropLast().reversed() {
      guard let value = Int(part), value >= 0, unit == 3600 || parts.count == 2 || value < 60 else { return nil }
      total += Double(value) * unit
      unit *= 60
    }
    return total
  }
}
