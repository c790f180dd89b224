import FuzzEntry

/// libFuzzer on a time as people write it to `TimeParser.seconds`.
@main
enum FuzzTime {
  static func main() {
    FuzzEntry.run { start, count in
      _ = TimeParser.seconds(FuzzEntry.text(start, count))
      return 0
    }
  }
}
