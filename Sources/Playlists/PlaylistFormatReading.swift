/// Reading a playlist file with one known format, for every format.
extension PlaylistFormat {
  /// Reads and parses the playlist at `path` (playlists it names are not expanded; see `PlaylistFile`).
  public static func read(path: String) throws(PlaylistError) -> Playlist {
    try parse(try PlaylistFile.readText(path), file: path)
  }
}
