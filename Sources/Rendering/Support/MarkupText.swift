/// Text put into HTML or SVG markup.
enum MarkupText {
  /// `text` with the characters markup reserves written as entities, safe in text and in
  /// double-quoted attributes.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
