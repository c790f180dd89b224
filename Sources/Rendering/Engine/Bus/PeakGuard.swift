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
    changed = (changed?.first ?? block.firstFrame, block.firstFrame + Int64(block.frameCount))
    return true
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
