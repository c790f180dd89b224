import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Gathers an XSPF document's tracks with `XMLParser`, stopping at the first problem.
///
/// Only `playlist/trackList/track` and the fields directly inside a track are read; `<extension>`,
/// `<link>`, `<meta>` and the playlist's own title are passed over.
final class XSPFReader: NSObject, XMLParserDelegate {
  /// One `<track>`: where it opens, and its fields' text with the line each opens on.
  struct Track {
    var line: Int
    var fields: [String: (text: String, line: Int)] = [:]
  }

  /// The track fields read.
  static let fields: Set<String> = ["location", "title", "creator", "album", "duration"]
  /// XSPF's XML namespace; elements outside it are ignored.
  static let namespace = "http://xspf.org/ns/0/"

  /// The open elements, outermost first: the local name (empty outside XSPF's namespace) and the name as written.
  private var elements: [(name: String, written: String)] = []
  private var sawRoot = false
  private var tracks: [Track] = []
  private var field: (name: String, text: String, line: Int)?
  private var failure: (message: String, line: Int, column: Int)?

  /// How many open elements the reader has looked at (`openNames`): its work, at most three per
  /// element, so a document nested thousands deep is read in linear time.
  private(set) var elementsVisited = 0

  /// The tracks of `text`; malformed XML is an error at the parser's line and column.
  static func tracks(in text: String, file: String) throws(PlaylistError) -> [Track] {
    let reader = XSPFReader()
    try reader.read(text, file: file)
    return reader.tracks
  }

  /// Reads the tracks of `text` into this reader.
  func read(_ text: String, file: String) throws(PlaylistError) {
    // XML allows no NUL anywhere, and libxml2 2.9 (Debian 12) crashes in xmlParseChunk on a
    // document that opens with three of them (it takes 00 00 00 3C for UCS-4): refused first.
    if let nul = text.unicodeScalars.firstIndex(of: "\0") {
      let before = text.unicodeScalars[..<nul]
      let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
      let location = PlaylistLocation(
        file: file, line: before.count { $0 == "\n" } + 1, column: before[lineStart...].count + 1)
      throw PlaylistError(file: file, location: location, message: "not valid XML (\(XMLErrorText.describe(9)): a NUL byte)")
    }
    let parser = XMLParser(data: Data(Self.spacingBareInstructions(Array(text.utf8))))
    parser.shouldProcessNamespaces = true
    parser.delegate = self
    _ = parser.parse()
    if failure == nil, let open = elements.last {
      fail("not valid XML (the document ends inside <\(open.written)>)", parser)
    } else if failure == nil, !sawRoot {
      let problem = text.allSatisfy(\.isWhitespace) ? "the document is empty" : XMLErrorText.describe(4)
      fail("not valid XML (\(problem))", parser)
    }
    if let failure {
      let location = PlaylistLocation(file: file, line: max(failure.line, 1), column: max(failure.column, 1))
      throw PlaylistError(file: file, location: location, message: failure.message)
    }
  }

  /// `bytes` with a space before the `?>` of each processing instruction that has a name and no
  /// data (`<?x?>`): FoundationXML crashes on those (it takes the length of libxml2's null data);
  /// `<?x ?>` means the same and has empty data. A CDATA section holding one gains the space too.
  static func spacingBareInstructions(_ bytes: [UInt8]) -> [UInt8] {
    var spaced: [UInt8] = []
    spaced.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      spaced.append(bytes[index])
      guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "?") else {
        index += 1
        continue
      }
      var end = index + 2
      while end < bytes.count, !bytes[end].isXMLSpaceOrQuestionMark { end += 1 }
      spaced += bytes[index + 1..<end]
      if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
        spaced.append(UInt8(ascii: " "))
      }
      index = end
    }
    return spaced
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    guard failure == nil else { return }
    guard !elements.isEmpty || name == "playlist" else {
      return fail("the root element is <\(qualifiedName ?? name)>, not an XSPF <playlist>", parser)
    }
    sawRoot = true
    let inXSPF = [nil, "", Self.namespace].contains(namespaceURI)
    elements.append((inXSPF ? name : "", qualifiedName ?? name))
    // Only a track (depth 3) and its fields (depth 4) matter; the path is never built deeper,
    // so a document nested thousands of elements deep is read in linear time.
    guard (3...4).contains(elements.count), openNames(3) == ["playlist", "trackList", "track"] else { return }
    if elements.count == 3 {
      tracks.append(Track(line: parser.lineNumber))
    } else if Self.fields.contains(elements[3].name) {
      field = (name, "", parser.lineNumber)
    }
  }

  /// The local names of the outermost `depth` open elements, counted in `elementsVisited`: every
  /// look at the path goes through here.
  private func openNames(_ depth: Int) -> [String] {
    let names = elements.prefix(depth).map(\.name)
    elementsVisited += names.count
    return names
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { field?.text += string }

  func parser(_ parser: XMLParser, foundCDATA data: Data) { field?.text += String(decoding: data, as: UTF8.self) }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    if let field, elements.count == 4, !tracks.isEmpty {
      let text = field.text.trimmingCharacters(in: .whitespacesAndNewlines)
      if tracks[tracks.count - 1].fields[field.name] == nil { tracks[tracks.count - 1].fields[field.name] = (text, field.line) }
      self.field = nil
    }
    _ = elements.popLast()
  }

  /// libxml2 reports a document cut short as content after its end (code 5); the open elements tell which it is.
  func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
    let code = (error as NSError).code
    let problem = code == 5 ? elements.last.map { "the document ends inside <\($0.written)>" } : nil
    fail("not valid XML (\(problem ?? XMLErrorText.describe(code)))", parser)
  }

  /// Keeps the first problem, where the parser is, and stops.
  private func fail(_ message: String, _ parser: XMLParser) {
    guard failure == nil else { return }
    failure = (message, parser.lineNumber, parser.columnNumber)
    parser.abortParsing()
  }
}

extension UInt8 {
  /// XML white space, or the `?` that ends a processing instruction.
  fileprivate var isXMLSpaceOrQuestionMark: Bool { [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?")].contains(self) }
}
