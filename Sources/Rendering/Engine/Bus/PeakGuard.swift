import Analysis

/// Keeps the mix's peaks under a ceiling with the look-ahead limiter, acting only where a peak
/// would pass it: everywhere else every sample passes untouched (a plain lossless join stays
/// bit-identical), and what it did is reported.
struct PeakGuard: BusStage {
  let ceiling: PeakCeiling
  let sampleRate: Int
  private var limiter: PeakLimiter
  /// Where it acted, for the note: from the first block it changed to the end of the last.
  private var changed: (first: Int64, last: Int64)?
  /// The blocks it changed, those less than 100 ms apart joined, at most `mostSpans` of them
  /// (then the last one runs on to the end of the last block changed).
  private(set) var limitedSpans: [Range<Int64>] = []
  private static let mostSpans = 10_000

  init(ceiling: PeakCeiling, sampleRate: Int, channelCount: Int) {
    self.ceiling = ceiling
    self.sampleRate = sampleRate
    limiter = PeakLimiter(
      sampleRate: sampleRate, channelCount: channelCount, ceiling: ceiling.linear, detection: ceiling.truePeak ? .truePeak : .samplePeak)
  }

  var lookaheadFrames: Int { limiter.lookaheadFrames }
  var primingFrames: Int64 { Int64(limiter.primingFrames) }

  mutating func prime(_ block: BusBlock) {
    limiter.prime(UnsafeBufferPointer(block.samples), upcoming: block.upcoming)
  }

  mutating func process(_ block: BusBlock) -> Bool {
    guard limiter.process(block.samples, upcoming: block.upcoming) else { return false }
    let end = block.firstFrame + Int64(block.frameCount)
    changed = (changed?.first ?? block.firstFrame, end)
    if let last = limitedSpans.last, block.firstFrame - last.upperBound < Int64(sampleRate / 10) || limitedSpans.count == Self.mostSpans {
      limitedSpans[limitedSpans.count - 1] = last.lowerBound..<max(last.upperBound, end)
    } else {
      limitedSpans.append(block.firstFrame..<end)
    }
    return true
  }

  /// Integers never pass a ceiling of full scale on the samples: where the limiter rests and
  /// only integers lie ahead, it would change nothing.
  func leavesUntouched(_ block: IntegerBusBlock, upcomingIsIntegers: Bool) -> Bool {
    !ceiling.truePeak && ceiling.linear >= 1 && limiter.isIdle && upcomingIsIntegers
  }

  mutating func hear(_ block: IntegerBusBlock) {
    limiter.passIdle(frames: block.frameCount)
  }

  var notes: [String] {
    guard let changed else { return [] }
    let activity = limiter.activity
    let clock = { TimeFormat.clock(frames: $0, sampleRate: sampleRate) }
    return [
      "the limiter held \(activity.regions) peak\(activity.regions == 1 ? "" : "s") under \(ceiling.description), "
        + "by up to \(Decibels.text(activity.deepestReductionDB)) dB, between \(clock(changed.first)) and \(clock(changed.last)); "
        + "every other sample is untouched"
    ]
  }
}
