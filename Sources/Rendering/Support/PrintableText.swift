/// Text from files made safe to print on one line of a terminal.
enum PrintableText {
  /// The longest excerpt shown, in characters.
  static let longest = 120

  /// `text` with control characters and invalid bytes escaped (`\u{1B}`), cut to `longest`
  /// characters with an ellipsis.
  static func excerpt(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if result.count >= longest {
        result += "…"
        break
      }
      let isControl = scalar.properties.generalCategory == .control || scalar == "\u{FFFD}"
      result += isControl ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
    }
    return result
  }
}
