import Foundation

/// Turns the locations playlists write into paths to open: relative ones against the playlist's
/// folder, `file://` URIs decoded, network streams refused.
enum EntryPath {
  /// A path or `file://` URI, as M3U, PLS and CUE sheets write them; a network URL is an error at `location`.
  static func resolve(_ entry: String, against folder: URL, at location: PlaylistLocation) throws(PlaylistError) -> String {
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
    return path(entry, against: folder)
  }

  /// A URI reference, as XSPF writes them: a `file://` URI, or a relative or absolute-path reference
  /// whose percent escapes are decoded (left as written when they are not valid escapes).
  static func resolveURI(_ entry: String, against folder: URL, at location: PlaylistLocation) throws(PlaylistError) -> String {
    if entry.contains("://") { return try resolve(entry, against: folder, at: location) }
    return path(entry.removingPercentEncoding ?? entry, against: folder)
  }

  /// `path` as it is when absolute, else against `folder`, with `.` and `..` removed.
  static func path(_ path: String, against folder: URL) -> String {
    path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
  }
}
