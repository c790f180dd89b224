import FuzzEntry

/// libFuzzer on Segue's YAML or JSON to `NativePlaylist.parse`.
@main
enum FuzzYAML {
  static func main() {
    FuzzEntry.run { start, count in
      _ = try? NativePlaylist.parse(FuzzEntry.text(start, count), file: "/fuzz/playlist.yaml")
      return 0
    }
  }
}
