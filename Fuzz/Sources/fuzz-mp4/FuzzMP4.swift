import FuzzEntry

/// libFuzzer on an MP4 file to `MP4File.gaplessSpan` (its fields, then the decision).
@main
enum FuzzMP4 {
  static func main() {
    FuzzEntry.run { start, count in
      _ = try? MP4File.gaplessSpan(at: FuzzEntry.file(start, count, name: "fuzz.m4a"))
      return 0
    }
  }
}
