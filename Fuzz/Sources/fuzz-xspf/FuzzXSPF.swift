import FuzzEntry

/// libFuzzer on XSPF text to `XSPFPlaylist.parse`.
@main
enum FuzzXSPF {
  static func main() {
    FuzzEntry.run { start, count in
      _ = try? XSPFPlaylist.parse(FuzzEntry.text(start, count), file: "/fuzz/playlist.xspf")
      return 0
    }
  }
}
