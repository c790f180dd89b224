import Foundation

/// Reads M3U and M3U8 playlists: one path or `file://` URI a line, `#` comments, and `#EXTINF`.
///
/// Relative paths are resolved against the playlist's folder. A BOM and CRLF line ends are
/// accepted; `.m3u8` is UTF-8, and a `.m3u` that is not valid UTF-8 is read as Latin-1.
public enum M3UPlaylist: Sendable {
  /// File extensions this parser claims.
  public static let extensions: Set<String> = ["m3u", "m3u8"]

  /// Reads and parses the playlist at `path` (playlists it names are not expanded; see `PlaylistFile`).
  public static func read(path: String) throws(PlaylistError) -> Playlist {
    try parse(try PlaylistFile.readText(path), file: path)
  }

  /// Parses playlist text; `file` names it in errors and gives the folder for relative paths.
  public static func parse(_ text: String, file: String) throws(PlaylistError) -> Playlist {
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    var entries: [PlaylistEntry] = []
    var pendingInfo: (title: String?, seconds: Double?)?
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, rawLine) in lines.enumerated() {
      var line = Substring(rawLine)
      if index == 0, line.first == "\u{FEFF}" { line = line.dropFirst() }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let location = SourceLocation(file: file, line: index + 1)
      if trimmed.isEmpty { continue }
      if trimmed.hasPrefix("#EXTINF:") {
        pendingInfo = parseExtinf(trimmed.dropFirst("#EXTINF:".count))
        continue
      }
      if trimmed.hasPrefix("#") { continue }
      let path = try resolve(trimmed, against: folder, at: location)
      entries.append(
        PlaylistEntry(
          location: trimmed, path: path, title: pendingInfo?.title, durationHint: pendingInfo?.seconds,
          origin: location))
      pendingInfo = nil
    }
    return Playlist(file: file, entries: entries)
  }

  /// `#EXTINF:<seconds>[ attributes],<title>`; a negative length means "unknown".
  private static func parseExtinf(_ body: Substring) -> (title: String?, seconds: Double?) {
    let parts = body.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
    let lengthField = parts.first?.split(separator: " ").first.map(String.init) ?? ""
    let seconds = Double(lengthField).flatMap { $0 >= 0 ? $0 : nil }
    let title = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
    return (title?.isEmpty == false ? title : nil, seconds)
  }

  private static func resolve(_ entry: String, against folder: URL, at location: SourceLocation) throws(PlaylistError) -> String {
    if entry.lowercased().hasPrefix("file://") {
      guard let url = URL(string: entry), url.isFileURL else {
        throw PlaylistError(file: location.file, location: location, message: "malformed file URI '\(entry)'")
      }
      return url.path
    }
    if entry.contains("://") {
      throw PlaylistError(
        file: location.file, location: location, message: "'\(entry)' is a network stream; Segue renders local files")
    }
    if entry.hasPrefix("/") { return entry }
    return folder.appendingPathComponent(entry).standardizedFileURL.path
  }
}
