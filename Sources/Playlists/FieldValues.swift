/// A length as a playlist writes it, in seconds once divided by `unitsPerSecond`; nil when it is
/// missing, negative (`-1` is how M3U and PLS say "unknown") or not a number.
func durationHint(_ text: String?, unitsPerSecond: Double = 1) -> Double? {
  guard let value = text.flatMap(Double.init), value >= 0, value.isFinite else { return nil }
  return value / unitsPerSecond
}

/// `text`, unless it is missing or empty.
func nonEmpty(_ text: String?) -> String? {
  text.flatMap { $0.isEmpty ? nil : $0 }
}
