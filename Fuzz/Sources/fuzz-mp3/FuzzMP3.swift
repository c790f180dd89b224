import FuzzEntry

/// libFuzzer on an MP3 file to `MP3Structure.read` and the length it decides.
@main
enum FuzzMP3 {
  static func main() {
    FuzzEntry.run { start, count in
      _ = MP3Structure.read(path: FuzzEntry.file(start, count, name: "fuzz.mp3"))?.length
      return 0
    }
  }
}
