/// Words for `XMLParser`'s error codes, which on Linux come without a message of their own.
///
/// The codes are libxml2's (`xmlParserErrors`), which Foundation passes on; the words follow
/// libxml2's own messages.
enum XMLErrorText {
  /// Words for the codes met in practice; others are named by number.
  static let messages: [Int: String] = [
    3: "the document does not start as XML", 4: "start tag expected, '<' not found", 5: "extra content at the end of the document",
    6: "malformed hexadecimal character reference", 7: "malformed decimal character reference",
    8: "invalid character reference", 9: "invalid character", 23: "entity reference without its ';'",
    24: "entity reference without a name", 26: "undeclared entity", 31: "unknown encoding", 32: "unsupported encoding",
    33: "expected a quoted value", 34: "unclosed quoted value", 38: "'<' in an attribute value",
    39: "attribute value without quotes", 40: "unclosed attribute value", 41: "attribute without a value",
    42: "attribute given twice", 43: "unclosed processing instruction", 45: "unclosed comment",
    57: "unfinished XML declaration", 63: "unclosed CDATA section", 64: "reserved name 'xml' misused",
    65: "space required", 68: "element name expected", 73: "'>' expected", 74: "'</' expected", 75: "'=' expected",
    76: "opening and ending tag mismatch", 77: "unfinished tag", 79: "invalid encoding name", 80: "'--' in a comment",
    81: "invalid encoding", 85: "unbalanced chunk", 86: "extra content", 96: "XML declaration without a version",
    201: "undefined namespace prefix",
  ]

  /// What error `code` means, or its number when the table does not know it.
  static func describe(_ code: Int) -> String { messages[code] ?? "XMLParser error \(code)" }
}
