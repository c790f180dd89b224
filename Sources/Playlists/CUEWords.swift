/// One cue-sheet line split into words: runs of non-blank characters, or text in double quotes.
struct CUEWords {
  /// A word, without its quotes, and where it starts.
  struct Word {
    var text: Substring
    /// Where the word starts in the line, at its opening quote when quoted.
    var start: String.Index
    var quoted: Bool
  }

  let line: TextLine
  let words: [Word]

  /// The line's first word in upper case, read without splitting the rest (so the rest of a `REM`
  /// line may hold anything, unbalanced quotes included).
  static func command(of line: TextLine) -> String {
    String(line.text.drop(while: isBlank).prefix { !isBlank($0) }).uppercased()
  }

  /// Splits `line`; a quote that is never closed is an error at its column.
  init(_ line: TextLine, file: String) throws(PlaylistError) {
    self.line = line
    var words: [Word] = []
    var rest = line.text.drop(while: Self.isBlank)
    while let first = rest.first {
      if first == "\"" {
        let body = rest.dropFirst()
        guard let close = body.firstIndex(of: "\"") else {
          throw line.error("missing closing quote", file: file, column: line.column(of: rest.startIndex))
        }
        words.append(Word(text: body[..<close], start: rest.startIndex, quoted: true))
        rest = body[body.index(after: close)...]
      } else {
        let text = rest.prefix { !Self.isBlank($0) }
        words.append(Word(text: text, start: rest.startIndex, quoted: false))
        rest = rest[text.endIndex...]
      }
      rest = rest.drop(while: Self.isBlank)
    }
    self.words = words
  }

  /// How many words the line has.
  var count: Int { words.count }

  /// Word `index`, counted from 0.
  subscript(index: Int) -> Word { words[index] }

  /// The column, counted from 1, where word `index` starts.
  func column(_ index: Int) -> Int { line.column(of: words[index].start) }

  /// A value such as `TITLE`'s: the quoted word at `index`, else the rest of the line from there
  /// (unquoted values may hold spaces); nil when there is none or it is empty.
  func value(from index: Int) -> String? {
    guard index < count else { return nil }
    let word = words[index]
    let value = word.quoted ? String(word.text) : line.text[word.start...].trimmingCharacters(in: .whitespaces)
    return value.isEmpty ? nil : value
  }

  /// An error at word `index`'s column, or about the whole line when `index` is nil.
  func error(_ message: String, at index: Int? = nil, file: String) -> PlaylistError {
    line.error(message, file: file, column: index.map(column))
  }

  /// True when word `index` exists and is ASCII digits only.
  func isNumber(_ index: Int) -> Bool {
    index < count && !words[index].text.isEmpty && words[index].text.allSatisfy { $0.isASCII && $0.isNumber }
  }

  private static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
}
