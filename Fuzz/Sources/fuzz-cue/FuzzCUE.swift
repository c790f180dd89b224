import FuzzEntry

/// libFuzzer on cue sheet text to `CUESheet.parse`.
@main
enum FuzzCUE {
  static func main() {
    FuzzEntry.run { start, count in
      _ = try? CUESheet.parse(FuzzEntry.text(start, count), file: "/fuzz/sheet.cue")
      return 0
    }
  }
}
