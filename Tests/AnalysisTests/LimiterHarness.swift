import Analysis

/// Drives limiters over whole signals the way a mix bus does, and compares what they make.
enum LimiterHarness {
  /// The signal limited by `limiter`, in blocks whose sizes cycle through `blockFrames`, each
  /// given its look-ahead from the signal; also whether each call said it changed its block.
  static func limit(_ signal: [Float], with limiter: inout PeakLimiter, blockFrames: [Int]) -> (output: [Float], changed: [Bool]) {
    var output = signal
    var changed: [Bool] = []
    let channels = limiter.channelCount
    var start = 0
    while start < signal.count {
      let count = min(blockFrames[changed.count % blockFrames.count] * channels, signal.count - start)
      let lookahead = min(limiter.lookaheadFrames * channels, signal.count - start - count)
      output.withUnsafeMutableBufferPointer { output in
        signal.withUnsafeBufferPointer { signal in
          changed.append(
            limiter.process(
              UnsafeMutableBufferPointer(rebasing: output[start..<(start + count)]),
              upcoming: UnsafeBufferPointer(rebasing: signal[(start + count)..<(start + count + lookahead)])))
        }
      }
      start += count
    }
    return (output, changed)
  }

  /// The frames (not samples) whose samples differ between two interleaved signals.
  static func changedFrames(_ a: [Float], _ b: [Float], channels: Int) -> [Int] {
    (0..<(a.count / channels)).filter { frame in
      (0..<channels).contains { a[frame * channels + $0] != b[frame * channels + $0] }
    }
  }

  /// The first index where two sample sequences differ (or where one ends first); nil when they
  /// are equal: a small value for a failing test to print, unlike the arrays themselves.
  static func firstDifference<A: Collection<Float>, B: Collection<Float>>(_ a: A, _ b: B) -> Int? {
    if let index = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return index }
    return a.count == b.count ? nil : min(a.count, b.count)
  }
}
