import FuzzEntry

/// libFuzzer on M3U text to `M3UPlaylist.parse`.
@main
enum FuzzM3U {
  static func main() {
    FuzzEntry.run { start, count in
      _ = try? M3UPlaylist.parse(FuzzEntry.text(start, count), file: "/fuzz/playlist.m3u")
      return 0
    }
  }
}
