import Foundation

/// Reads any playlist Segue knows, choosing the parser by content first and extension second, and
/// expands playlists named inside playlists in place.
public enum PlaylistFile {
  /// Every format, in the order their probes are tried.
  public static let formats: [any PlaylistFormat.Type] = [NativePlaylist.self, M3UPlaylist.self]

  /// True when `path` names a playlist rather than an audio file: by its extension, or, for an
  /// unknown extension, by its first bytes.
  public static func isPlaylist(_ path: String) -> Bool {
    let fileExtension = (path as NSString).pathExtension.lowercased()
    if formats.contains(where: { $0.extensions.contains(fileExtension) }) { return true }
    guard ["", "txt"].contains(fileExtension), let text = try? readText(path) else { return false }
    return formats.contains { $0.probe(text) }
  }

  /// Reads the playlist at `path`, with playlists it names expanded in place.
  public static func read(path: String) throws(PlaylistError) -> Playlist {
    try read(path: path, including: [])
  }

  private static func read(path: String, including chain: [String]) throws(PlaylistError) -> Playlist {
    let text = try readText(path)
    let format = try format(of: text, path: path)
    var playlist = try format.parse(text, file: path)
    var entries: [PlaylistEntry] = []
    for entry in playlist.entries {
      guard isPlaylist(entry.path) else {
        entries.append(entry)
        continue
      }
      let here = URL(fileURLWithPath: path).standardizedFileURL.path
      let nested = URL(fileURLWithPath: entry.path).standardizedFileURL.path
      if nested == here || chain.contains(nested) {
        let names = (chain + [here, nested]).map { ($0 as NSString).lastPathComponent }.joined(separator: " -> ")
        throw PlaylistError(file: path, location: entry.origin, message: "\(entry.location) includes itself (\(names))")
      }
      entries += try read(path: entry.path, including: chain + [here]).entries
    }
    playlist.entries = entries
    return playlist
  }

  /// The parser whose probe recognises `text`, else the one claiming the file's extension.
  static func format(of text: String, path: String) throws(PlaylistError) -> any PlaylistFormat.Type {
    if let probed = formats.first(where: { $0.probe(text) }) { return probed }
    let fileExtension = (path as NSString).pathExtension.lowercased()
    if let claimed = formats.first(where: { $0.extensions.contains(fileExtension) }) { return claimed }
    throw PlaylistError(file: path, message: "not a playlist Segue can read (M3U, PLS, XSPF, CUE or Segue's YAML/JSON)")
  }

  /// The file's text: UTF-8 (with or without a BOM), else Latin-1.
  static func readText(_ path: String) throws(PlaylistError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw PlaylistError(file: path, message: exists ? "cannot read the playlist" : "playlist not found")
    }
    return String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
  }
}
