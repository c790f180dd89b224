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
/// worst case, and then, channel by channel and for each run of `runIntervals` intervals, only
/// where `PeakScanBound`'s cheaper bounds (one for both meters) cannot show that it stays under:
/// in levelled music most chunks near the ceiling hold no peak over it, and where a loud track is
/// limited throughout, a few runs in each chunk do.
struct PeakDetector {
  let detection: PeakLimiter.Detection
  /// The level no output sample (or interpolated value) may exceed.
  let threshold: Double
  /// The meters whose readings must stay under the threshold.
  private let meters: [TruePeakFilter]
  /// Bounds on both meters' values, from the first's central taps.
  private let bound: PeakScanBound?
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
  /// The intervals a bound settles at once inside a chunk that may pass the threshold: two of the
  /// kernel's 16-wide blocks, short enough that a peak over the threshold leaves most runs of a
  /// loud chunk to their bounds, long enough that the bounds' calls cost less than what they save.
  static let runIntervals = 32

  init(detection: PeakLimiter.Detection, threshold: Double, chunkFrames: Int) {
    self.detection = detection
    self.threshold = threshold
    meters = detection == .truePeak ? [TruePeakFilter.meter, .libswresample] : []
    bound = detection == .truePeak ? PeakScanBound(filter: .meter, channelCount: 1, alsoBounding: .libswresample) : nil
    reachBefore = meters.map(\.reachBefore).max() ?? 0
    reach = reachBefore + (meters.map(\.reachAfter).max() ?? 0)
    quietLevel = threshold / (meters.map(\.overshootBound).max() ?? 1)
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
      // Intervals `index ... index + reach` are all those that may read frame `index`, so an
      // interval over the threshold asks frames `interval - reach ... interval` for its reduction.
      let level = Float(threshold)
      for interval in 0..<(frames.count + reach) where intervalPeaks[interval] > level {
        let reduction = LimiterGain.reduction(bringing: Double(intervalPeaks[interval]), to: threshold)
        if !found { reductions.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        found = true
        for index in max(0, interval - reach)..<min(frames.count, interval + 1) { reductions[index] = max(reductions[index], reduction) }
      }
    }
    return found
  }

  /// Fills `intervalPeaks` with the peak of every interval that reads one of `frames` (interval
  /// `k` starting at frame `frames.lowerBound - reach + reachBefore + k`), by every meter and
  /// channel; false when bounds show that none of them reaches the threshold.
  private mutating func raiseIntervalPeaks(_ frames: Range<Int>, in input: LimiterInput) -> Bool {
    let intervals = frames.count + reach
    let (meters, bound, reachBefore, level) = (meters, bound!, reachBefore, Float(threshold))
    var interpolated = false
    channelSamples.withUnsafeMutableBufferPointer { samples in
      intervalPeaks.withUnsafeMutableBufferPointer { peaks in
        peaks.update(repeating: 0)
        for channel in 0..<input.channelCount {
          input.copy(channel: channel, frames: (frames.lowerBound - reach)..<(frames.upperBound + reach), into: samples.baseAddress!)
          // Intervals `runs` are one window of the bound, their newest samples from `reach` on.
          func staysUnder(_ runs: Range<Int>) -> Bool {
            let newest = largestMagnitude(UnsafeBufferPointer(rebasing: samples[(runs.lowerBound + reach)..<(runs.upperBound + reach)]))
            let window = UnsafeBufferPointer(rebasing: samples[runs.lowerBound..<(runs.upperBound + reach)])
            return bound.staysUnder(level, in: window, from: reach, samplePeak: newest)
          }
          guard !staysUnder(0..<intervals) else { continue }
          for start in stride(from: 0, to: intervals, by: Self.runIntervals) {
            let run = start..<min(intervals, start + Self.runIntervals)
            guard !staysUnder(run) else { continue }
            for filter in meters {
              // Each meter reads its intervals from its own reach before their first samples.
              let first = samples.baseAddress! + (run.lowerBound + reachBefore - filter.reachBefore)
              filter.raiseIntervalPeaks(first, count: run.count, into: peaks.baseAddress! + run.lowerBound)
            }
            interpolated = true
          }
        }
      }
    }
    return interpolated
  }
}
