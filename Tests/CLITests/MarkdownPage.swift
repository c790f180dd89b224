import Foundation

/// A Markdown file of the repository, read as the documentation tests need it: its links, the
/// anchors of its headings, and its fenced code blocks.
struct MarkdownPage {
  /// A fenced code block: its info string (`sh`, `swift`), its lines, and the paragraph just
  /// before it, which says what the block is.
  struct CodeBlock {
    var language: String
    var lines: [String]
    var paragraphBefore: String
    /// The heading (`## `) of the part of the page the block is in.
    var part: String
  }

  let url: URL
  /// The lines outside code blocks, joined.
  let prose: String
  let codeBlocks: [CodeBlock]
  /// The headings of every level, as written after the `#`s.
  let headings: [String]

  /// Reads the file at `url`.
  init(_ url: URL) throws {
    self.url = url
    var (prose, blocks, headings) = ([String](), [CodeBlock](), [String]())
    var block: CodeBlock?
    var (paragraph, part) = ([String](), "")
    // True after a blank line: the next line starts a new paragraph.
    var blank = false
    for line in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        if let finished = block {
          blocks.append(finished)
          block = nil
        } else {
          block = CodeBlock(
            language: String(trimmed.dropFirst(3)), lines: [], paragraphBefore: paragraph.joined(separator: "\n"),
            part: part)
        }
        (paragraph, blank) = ([], false)
      } else if block != nil {
        block?.lines.append(line)
      } else {
        prose.append(line)
        if line.hasPrefix("#") { headings.append(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)) }
        if line.hasPrefix("## ") { part = String(line.dropFirst(3)) }
        if trimmed.isEmpty {
          blank = true
        } else {
          paragraph = blank ? [line] : paragraph + [line]
          blank = false
        }
      }
    }
    (self.prose, codeBlocks, self.headings) = (prose.joined(separator: "\n"), blocks, headings)
  }

  /// The target of every inline link outside code blocks (`[text](target)`), as written.
  var links: [String] { Self.links(in: prose) }

  /// The link targets in `text`.
  static func links(in text: String) -> [String] {
    text.matches(of: #/\[[^\]]*\]\(([^)\s]+)\)/#).map { String($0.output.1) }
  }

  /// The anchors GitHub gives the headings: lowercased, punctuation dropped, spaces as hyphens.
  var anchors: Set<String> {
    Set(headings.map { heading in
      String(heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
        if scalar == " " { return "-" }
        let kept = CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_"
        return kept ? Character(scalar) : nil
      })
    })
  }
}
