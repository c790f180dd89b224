import Foundation

/// Reads times as people write them: plain seconds (`75.5`) or `[h:]mm:ss[.fff]` (`1:15.5`, `1:02:10`).
public enum TimeParser {
  /// The longest time Segue takes anywhere, in seconds (11.6 days): beyond it a time is a
  /// mistake, and sample counts stay far from overflowing.
  public static let maximumSeconds = 1_000_000.0

  /// The time in seconds, or nil if `text` is not a time (decimal digits only: no hex, no `inf`).
  /// It may exceed `maximumSeconds`; callers refuse that with a message of their own.
  public static func seconds(_ text: String) -> Double? {
    let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), isDecimal(parts.last!) else { return nil }
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

  /// True for `5`, `2.5`, `.5`, `1e3`: a decimal number as people type it, not `0x5` or `inf`.
  private static func isDecimal(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isNumber || first == "." else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }
  }
}
