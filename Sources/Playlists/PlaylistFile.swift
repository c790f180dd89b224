import Foundation

/// Picks the parser for a playlist file by its extension.
public enum PlaylistFile {
  /// True when `path` names a playlist Segue reads, rather than an audio file.
  public static func isPlaylist(_ path: String) -> Bool {
    let fileExtension = (path as NSString).pathExtension.lowercased()
    return M3UPlaylist.extensions.contains(fileExtension) || NativePlaylist.extensions.contains(fileExtension)
  }

  /// Reads the playlist at `path` with the parser its extension names.
  public static func read(path: String) throws(PlaylistError) -> Playlist {
    let fileExtension = (path as NSString).pathExtension.lowercased()
    return NativePlaylist.extensions.contains(fileExtension)
      ? try NativePlaylist.read(path: path) : try M3UPlaylist.read(path: path)
  }
}
