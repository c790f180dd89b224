import FuzzEntry

/// libFuzzer on any playlist file to `PlaylistFile.read` (format probes, parser, nested playlists).
@main
enum FuzzPlaylistFile {
  static func main() {
    FuzzEntry.run { start, count in
      _ = try? PlaylistFile.read(path: FuzzEntry.file(start, count, name: "playlist.m3u"))
      return 0
    }
  }
}
