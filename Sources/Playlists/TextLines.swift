import Foundation

/// One line of a playlist's text: its number, counted from 1, and its characters without the line break.
struct TextLine {
  var number: Int
  var text: Substring

  /// The line's text without spaces or tabs around it.
  var trimmed: String { text.trimmingCharacters(in: .whitespaces) }

  /// The column, counted from 1, of the character at `index`.
  func column(of index: String.Index) -> Int { text.distance(from: text.startIndex, to: index) + 1 }

  /// This line, or one column of it, in `file`.
  func location(in file: String, column: Int? = nil) -> PlaylistLocation {
    PlaylistLocation(file: file, line: number, column: column)
  }

  /// An error about this line, or about one column of it.
  func error(_ message: String, file: String, column: Int? = nil) -> PlaylistError {
    PlaylistError(file: file, location: location(in: file, column: column), message: message)
  }
}

/// The lines of `text`, split at LF, CRLF or a lone CR (not at other Unicode breaks, so numbers
/// match what editors show), with a leading BOM dropped.
func textLines<Text: StringProtocol>(_ text: Text) -> [TextLine] {
  var body = Substring(text)
  if body.first == "\u{FEFF}" { body = body.dropFirst() }
  let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  return lines.enumerated().map { TextLine(number: $0.offset + 1, text: $0.element) }
}

/// The first line of `text` that is not blank, looking no further than its first 4096 characters:
/// what content probes read.
func firstNonBlankLine(of text: String) -> TextLine? {
  textLines(text.prefix(4096)).first { !$0.trimmed.isEmpty }
}
