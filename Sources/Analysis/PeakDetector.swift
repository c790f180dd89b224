/// Finds how far the limiter's gain must come down at each frame entering its look-ahead, and
/// skips the work wherever nothing within reach can be over the threshold.
///
/// In sample-peak mode a frame's level is its largest sample. In true-peak mode it is the largest
/// peak (sample or interpolated) of the intervals whose interpolation reads the frame, as the
/// higher of two meters reads it: `TruePeakFilter.meter`, what Segue reports, and
/// `TruePeakFilter.libswresample`, what the ffmpeg CLI reports, which reads content near Nyquist
/// higher. Every sample that shapes an inter-sample peak gets the gain that peak needs: the gain
/// is flat across the interpolators' reach, and the limited peak lands where it was aimed. A
/// chunk is interpolated only where its samples could pass the threshold through a filter's
/// worst case, and then, channel by channel and filter by filter, only where `PeakScanBound`'s
/// cheaper bounds cannot show that it stays under: in levelled music most chunks near the ceiling
/// hold no peak over it.
struct PeakDetector {
  let detection: PeakLimiter.Detection
  /// The level no output sample (or interpolated value) may exceed.
  let threshold: Double
  /// The meters whose readings must stay under the threshold, with their bounds.
  private let meters: [(filter: TruePeakFilter, bound: PeakScanBound)]
  /// How far before an interval's first sample the farthest-reaching meter reads.
  private let reachBefore: Int
  /// Below this, no sample within reach can make anything exceed `threshold`.
  private let quietLevel: Double
  /// The reductions found by the last `detect`, one per frame.
  private(set) var reductions: [Int64]
  private var channelSamples: [Float]
  private var intervalPeaks: [Float]

  /// How many frames before and after a frame its reduction depends on: the intervals that read
  /// it reach 16 frames back and 15 forward, and each reads 15 back and 16 forward.
  let reach: Int

  init(detection: PeakLimiter.Detection, threshold: Double, chunkFrames: Int) {
    self.detection = detection
    self.threshold = threshold
    let filters = detection == .truePeak ? [TruePeakFilter.meter, .libswresample] : []
    meters = filters.map { ($0, PeakScanBound(filter: $0, channelCount: 1)) }
    reachBefore = filters.map(\.reachBefore).max() ?? 0
    reach = reachBefore + (filters.map(\.reachAfter).max() ?? 0)
    quietLevel = threshold / (filters.map(\.overshootBound).max() ?? 1)
    reductions = Array(repeating: 0, count: chunkFrames)
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
      guard raiseIntervalPeaks(frames, in: input) else { return false }
      // Intervals `index ... index + reach` are all those that may read frame `index`.
      for index in 0..<frames.count {
        var level: Float = 0
        for interval in index...(index + reach) { level = max(level, intervalPeaks[interval]) }
        reductions[index] = LimiterGain.reduction(bringing: Double(level), to: threshold)
        found = found || reductions[index] > 0
      }
    }
    return found
  }

  /// Fills `intervalPeaks` with the peak of every interval that reads one of `frames` (interval
  /// `k` starting at frame `frames.lowerBound - reach + reachBefore + k`), by every meter and
  /// channel; false when bounds show that none of them reaches the threshold.
  private mutating func raiseIntervalPeaks(_ frames: Range<Int>, in input: LimiterInput) -> Bool {
    let intervals = frames.count + reach
    let (meters, reachBefore, level) = (meters, reachBefore, Float(threshold))
    var interpolated = false
    channelSamples.withUnsafeMutableBufferPointer { samples in
      intervalPeaks.withUnsafeMutableBufferPointer { peaks in
        peaks.update(repeating: 0)
        for channel in 0..<input.channelCount {
          input.copy(channel: channel, frames: (frames.lowerBound - reach)..<(frames.upperBound + reach), into: samples.baseAddress!)
          for (filter, bound) in meters {
            // The samples this meter's intervals read, from the first one's first: a window of
            // its bound whose newest samples start `tapsPerPhase - 1` in.
            let first = reachBefore - filter.reachBefore
            let read = UnsafeBufferPointer(rebasing: samples[first..<(first + intervals + filter.tapsPerPhase - 1)])
            let history = filter.tapsPerPhase - 1
            let newest = largestMagnitude(UnsafeBufferPointer(rebasing: read[history...]))
            if bound.staysUnder(level, in: read, from: history, samplePeak: newest) { continue }
            filter.raiseIntervalPeaks(read.baseAddress!, count: intervals, into: peaks.baseAddress!)
            interpolated = true
          }
        }
      }
    }
    return interpolated
  }
}
