import Foundation

/// Reads a length counted in beats as DJs write it: `16bars`, `32 beats`, `1bar` (a bar is four
/// beats).
public enum BeatCount {
  /// The most beats a length may count: 1024 bars.
  public static let maximumBeats = 4096.0

  /// The number of beats `text` counts, or nil when it is not a count of bars or beats (or is
  /// under one beat, or more than `maximumBeats`).
  public static func beats(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    for (unit, beats) in [("bars", 4.0), ("bar", 4.0), ("beats", 1.0), ("beat", 1.0)] where trimmed.hasSuffix(unit) {
      let number = trimmed.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
      guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let count = Double(number), count > 0 else { return nil }
      return (1...maximumBeats).contains(count * beats) ? count * beats : nil
    }
    return nil
  }

  /// True when `text` is written as a count of bars or beats, whether or not it is a valid one.
  public static func looksCounted(_ text: String) -> Bool {
    text.lowercased().range(of: #"(bar|beat)s?\s*$"#, options: .regularExpression) != nil
  }

  /// What a count that `looksCounted` but is not valid is told.
  public static let rangeText = "from one beat to \(Int(maximumBeats / 4)) bars"
}
