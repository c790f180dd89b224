/// Finds how far the limiter's gain must come down at each frame entering its look-ahead, and
/// skips the work wherever nothing within reach can be over the threshold.
///
/// In sample-peak mode a frame's level is its largest sample. In true-peak mode it is the
/// largest peak (sample or interpolated) of the 12 intervals whose interpolation reads the
/// frame, so every sample that shapes an inter-sample peak gets the gain that peak needs: the
/// gain is flat across the interpolator's reach, and the limited peak lands where it was aimed.
struct PeakDetector {
  let detection: PeakLimiter.Detection
  /// The level no output sample (or interpolated value) may exceed.
  let threshold: Double
  private let filter = TruePeakFilter()
  /// Below this, no sample within reach can make anything exceed `threshold`.
  private let quietLevel: Double
  /// The reductions found by the last `detect`, one per frame.
  private(set) var reductions: [Int64]
  private var channelSamples: [Float]
  private var intervalPeaks: [Float]

  /// How many frames before and after a frame its reduction depends on: the true-peak intervals
  /// that read it reach 6 frames back and 5 forward, and each reads 5 back and 6 forward.
  let reach: Int

  init(detection: PeakLimiter.Detection, threshold: Double, chunkFrames: Int) {
    self.detection = detection
    self.threshold = threshold
    quietLevel = detection == .truePeak ? threshold / filter.overshootBound : threshold
    reductions = Array(repeating: 0, count: chunkFrames)
    reach = detection == .truePeak ? TruePeakFilter.reachBefore + TruePeakFilter.reachAfter : 0
    channelSamples = Array(repeating: 0, count: chunkFrames + 2 * reach)
    intervalPeaks = Array(repeating: 0, count: chunkFrames + reach)
  }

  /// Fills `reductions[0..<frames.count]` for `frames` of `input`; false when none of them
  /// needs any (then `reductions` may hold anything).
  mutating func detect(_ frames: Range<Int>, in input: LimiterInput) -> Bool {
    let reach = reach
    guard Double(input.peak((frames.lowerBound - reach)..<(frames.upperBound + reach))) > quietLevel else { return false }
    var found = false
    switch detection {
    case .samplePeak:
      for (index, frame) in frames.enumerated() {
        reductions[index] = LimiterGain.reduction(bringing: Double(input.framePeak(frame)), to: threshold)
        found = found || reductions[index] > 0
      }
    case .truePeak:
      let intervals = frames.count + reach
      let filter = filter
      channelSamples.withUnsafeMutableBufferPointer { samples in
        intervalPeaks.withUnsafeMutableBufferPointer { peaks in
          peaks.update(repeating: 0)
          for channel in 0..<input.channelCount {
            input.copy(channel: channel, frames: (frames.lowerBound - reach)..<(frames.upperBound + reach), into: samples.baseAddress!)
            filter.raiseIntervalPeaks(samples.baseAddress!, count: intervals, into: peaks.baseAddress!)
          }
        }
      }
      // Intervals `index ... index + 11` are those that start 6 frames before frame `index` to 5 after it.
      for index in 0..<frames.count {
        var level: Float = 0
        for interval in index...(index + reach) { level = max(level, intervalPeaks[interval]) }
        reductions[index] = LimiterGain.reduction(bringing: Double(level), to: threshold)
        found = found || reductions[index] > 0
      }
    }
    return found
  }
}
