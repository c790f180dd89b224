import FuzzEntry

/// libFuzzer on PLS text to `PLSPlaylist.parse`.
@main
enum FuzzPLS {
  static func main() {
    FuzzEntry.run { start, count in
      _ = try? PLSPlaylist.parse(FuzzEntry.text(start, count), file: "/fuzz/playlist.pls")
      return 0
    }
  }
}
