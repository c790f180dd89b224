import Foundation

/// Reads M3U and M3U8 playlists: one path or `file://` URI a line, `#` comments, and `#EXTINF`.
///
/// Relative paths are resolved against the playlist's folder. A BOM and CRLF line ends are
/// accepted; `.m3u8` is UTF-8, and a `.m3u` that is not valid UTF-8 is read as Latin-1.
public enum M3UPlaylist: Sendable {
  /// File extensions this parser claims.
  public static let extensions: Set<String> = ["m3u", "m3u8"]

  /// Parses playlist text; `file` names it in errors and gives the folder for relative paths.
  public static func parse(_ text: String, file: String) throws(PlaylistError) -> Playlist {
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    var entries: [PlaylistEntry] = []
    var pendingInfo: (title: String?, seconds: Double?)?
    for line in textLines(text) {
      let trimmed = line.trimmed
      let location = line.location(in: file)
      if trimmed.isEmpty { continue }
      if trimmed.hasPrefix("#EXTINF:") {
        pendingInfo = parseExtinf(trimmed.dropFirst("#EXTINF:".count))
        continue
      }
      if trimmed.hasPrefix("#") { continue }
      let path = try EntryPath.resolve(trimmed, against: folder, at: location)
      entries.append(
        PlaylistEntry(
          location: trimmed, path: path, playerTitle: PlayerTitle(text: pendingInfo?.title), durationHint: pendingInfo?.seconds,
          origin: location))
      pendingInfo = nil
    }
    return Playlist(file: file, entries: entries)
  }

  /// `#EXTINF:<seconds>[ attributes],<title>`; a negative length means "unknown".
  private static func parseExtinf(_ body: Substring) -> (title: String?, seconds: Double?) {
    let parts = body.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
    let lengthField = parts.first?.split(separator: " ").first.map(String.init) ?? ""
    let title = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
    return (nonEmpty(title), durationHint(lengthField))
  }
}
