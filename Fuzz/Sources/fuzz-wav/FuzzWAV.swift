import FuzzEntry

/// libFuzzer on a WAV file to `WAVFormatFacts.read` and the span of its fact chunk.
@main
enum FuzzWAV {
  static func main() {
    FuzzEntry.run { start, count in
      _ = WAVFormatFacts.read(path: FuzzEntry.file(start, count, name: "fuzz.wav"))?.gaplessSpan
      return 0
    }
  }
}
