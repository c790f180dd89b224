import Foundation

/// Reads PLS playlists: a `[playlist]` header, then `FileN=`, `TitleN=` and `LengthN=` lines.
///
/// ```
/// [playlist]
/// File1=01 Intro.flac
/// Title1=Intro
/// Length1=62
/// NumberOfEntries=1
/// Version=2
/// ```
///
/// Keys are case-insensitive, and entries are ordered by N whatever order their lines come in.
/// `LengthN` becomes the duration hint (`-1`, or anything that is not a length, means "unknown").
/// `NumberOfEntries`, when given, must agree with the entries found; `Version` and keys Segue does
/// not know are ignored. Paths resolve as in M3U: against the playlist's folder, `file://` URIs
/// decoded, network streams refused.
public enum PLSPlaylist: PlaylistFormat {
  /// File extensions this parser claims.
  public static let extensions: Set<String> = ["pls"]

  /// A PLS file opens with its `[playlist]` header.
  public static func probe(_ text: String) -> Bool {
    firstNonBlankLine(of: text).map(isHeader) ?? false
  }

  /// Parses playlist text; `file` names it in errors and gives the folder for relative paths.
  public static func parse(_ text: String, file: String) throws(PlaylistError) -> Playlist {
    // Blank lines and INI-style comments (`;` or `#`) carry nothing.
    let lines = textLines(text).filter { !$0.trimmed.isEmpty && !$0.trimmed.hasPrefix(";") && !$0.trimmed.hasPrefix("#") }
    guard let header = lines.first else { throw PlaylistError(file: file, message: "the playlist is empty") }
    guard isHeader(header) else { throw header.error("missing the [playlist] header", file: file) }
    var keys = PLSKeys(file: file)
    for line in lines.dropFirst() { try keys.read(line) }
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    var entries: [PlaylistEntry] = []
    for (number, fields) in keys.entries.sorted(by: { $0.key < $1.key }) {
      guard let (location, line) = fields[.file] else {
        let first = fields.min { $0.value.line.number < $1.value.line.number }!
        throw first.value.line.error("\(first.key.name(number)) has no \(PLSKeys.Kind.file.name(number))", file: file)
      }
      guard !location.isEmpty else { throw line.error("\(PLSKeys.Kind.file.name(number)) is empty", file: file) }
      entries.append(
        PlaylistEntry(
          location: location, path: try EntryPath.resolve(location, against: folder, at: line.location(in: file)),
          playerTitle: PlayerTitle(text: nonEmpty(fields[.title]?.value)), durationHint: durationHint(fields[.length]?.value),
          origin: line.location(in: file)))
    }
    if let (declared, line) = keys.declaredCount, declared != entries.count {
      let found = entries.count == 1 ? "1 entry was found" : "\(entries.count) entries were found"
      throw line.error("NumberOfEntries says \(declared) but \(found)", file: file)
    }
    return Playlist(file: file, entries: entries)
  }

  private static func isHeader(_ line: TextLine) -> Bool { line.trimmed.lowercased() == "[playlist]" }
}
