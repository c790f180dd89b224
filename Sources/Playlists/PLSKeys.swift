/// The `key=value` lines of a PLS file after its header, gathered by entry number.
struct PLSKeys {
  /// The per-entry keys, `FileN`, `TitleN` and `LengthN`.
  enum Kind: CaseIterable {
    case file, title, length

    /// The key as PLS writes it for entry `number`: `File3`.
    func name(_ number: Int) -> String { "\(spelling)\(number)" }

    var spelling: String {
      switch self {
      case .file: "File"
      case .title: "Title"
      case .length: "Length"
      }
    }
  }

  let file: String
  /// Each entry's values with the lines that gave them, by entry number.
  private(set) var entries: [Int: [Kind: (value: String, line: TextLine)]] = [:]
  /// `NumberOfEntries`, and its line.
  private(set) var declaredCount: (count: Int, line: TextLine)?

  init(file: String) { self.file = file }

  /// Reads one non-blank line; an entry key without a number, a key given twice, a count that is
  /// not a number and a line without `=` are errors.
  mutating func read(_ line: TextLine) throws(PlaylistError) {
    let trimmed = line.trimmed
    guard let equals = trimmed.firstIndex(of: "=") else { throw line.error("expected key=value, not '\(trimmed)'", file: file) }
    let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
    let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    let lowered = key.lowercased()
    if lowered == "numberofentries" {
      guard let count = Int(value), count >= 0 else {
        throw line.error("NumberOfEntries must be a whole number, not '\(value)'", file: file)
      }
      declaredCount = (count, line)
      return
    }
    guard let kind = Kind.allCases.first(where: { lowered.hasPrefix($0.spelling.lowercased()) }) else { return }
    let digits = lowered.dropFirst(kind.spelling.count)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else {
      throw line.error("'\(key)' needs an entry number, like \(kind.name(1))", file: file)
    }
    if let earlier = entries[number]?[kind] {
      throw line.error("\(kind.name(number)) is given twice (first on line \(earlier.line.number))", file: file)
    }
    entries[number, default: [:]][kind] = (value, line)
  }
}
