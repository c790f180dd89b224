import Foundation

/// An upper bound, cheap to compute, on the samples libebur128's true-peak interpolator makes from
/// a stretch of signal: what `PeakScan` uses to skip the stretches that cannot hold the true peak.
///
/// libebur128 (1.2.0 to 1.2.6 at least) oversamples 4x below 96 kHz, 2x below 192 kHz and not at
/// all above, with a polyphase FIR of 49 taps: a Hann-windowed sinc. Each output is
/// `y = Σ c[j]·x[n - j/factor]` over the taps `j` of its phase (`j % factor`), summed in double and
/// rounded to float, so it depends on the last `historyFrames` frames only. Phase 0 is the input
/// itself (its one non-zero tap is exactly 1). For the other phases this bound sums the few taps
/// nearest the centre exactly (`estimate`) and adds the most the rest can add, `tail · max|x|`,
/// since `|Σ c·x| ≤ Σ|c| · max|x|`. The tail is at most 0.1 of the stretch's sample peak, so a
/// stretch more than about 1 dB under the loudest true peak is skipped, while the plain bound
/// (`Σ|c|` over all taps, up to 1.86 at 4x: 5.4 dB) would skip almost nothing in dense music.
/// The bound is widened by 0.1 % for float rounding, far more than the estimate's and
/// libebur128's own rounding can amount to (a few parts in ten million).
struct PeakScanBound {
  /// The frames each interpolated sample depends on: the newest and the ones before it.
  let historyFrames: Int
  /// Per phase from 1 to `factor - 1`: the central taps (frames back from the newest, coefficient).
  private let estimate: [[(framesBack: Int, coefficient: Float)]]
  /// The largest sum of the other taps' magnitudes in any phase.
  private let tail: Float

  private static let taps = 49
  /// The tail the central taps leave at most, as a fraction of the sample peak.
  private static let tailLimit = 0.1

  /// The bound for libebur128's interpolator at `sampleRate`.
  init(sampleRate: Int) {
    let factor = sampleRate < 96_000 ? 4 : sampleRate < 192_000 ? 2 : 1
    historyFrames = (Self.taps + factor - 1) / factor
    var phases: [[(framesBack: Int, coefficient: Float)]] = []
    var largestTail = 0.0
    for phase in 1..<factor {
      let taps = stride(from: phase, to: Self.taps, by: factor).sorted { abs($0 - Self.taps / 2) < abs($1 - Self.taps / 2) }
      let magnitudes = taps.map { abs(Self.coefficient($0, factor: factor)) }
      let kept = magnitudes.indices.first { magnitudes[$0...].reduce(0, +) <= Self.tailLimit } ?? taps.count
      phases.append(taps[..<kept].map { ($0 / factor, Float(Self.coefficient($0, factor: factor))) })
      largestTail = max(largestTail, magnitudes[kept...].reduce(0, +))
    }
    estimate = phases
    tail = Float(largestTail)
  }

  /// Tap `j` of libebur128's interpolator: sinc at `(j - 24) / factor`, times a Hann window.
  private static func coefficient(_ j: Int, factor: Int) -> Double {
    let m = Double(j - (taps - 1) / 2) * .pi / Double(factor)
    let sinc = m == 0 ? 1 : sin(m) / m
    return sinc * 0.5 * (1 - cos(2 * .pi * Double(j) / Double(taps - 1)))
  }

  /// The most any interpolated sample of the frames from `start` on in `samples` (interleaved,
  /// `channelCount` channels, `historyFrames` real frames before `start`) can reach, and the
  /// sample peak of those frames.
  func highest(in samples: UnsafeBufferPointer<Float>, from start: Int, channelCount: Int) -> (bound: Float, samplePeak: Float) {
    let first = start * channelCount
    let samplePeak = Self.maxMagnitude(UnsafeBufferPointer(rebasing: samples[first...]))
    guard !estimate.isEmpty else { return (samplePeak, samplePeak) }
    let before = Self.maxMagnitude(UnsafeBufferPointer(rebasing: samples[(first - (historyFrames - 1) * channelCount)..<first]))
    var estimated: Float = 0
    for taps in estimate {
      estimated = max(estimated, Self.maxMagnitude(of: taps, over: samples, from: first, channelCount: channelCount))
    }
    return (max(samplePeak, (estimated + tail * max(samplePeak, before)) * 1.001), samplePeak)
  }

  /// The largest magnitude of `Σ coefficient · x[i - framesBack]` for the samples `i` of `samples` from `first` on.
  private static func maxMagnitude(
    of taps: [(framesBack: Int, coefficient: Float)], over samples: UnsafeBufferPointer<Float>, from first: Int, channelCount: Int
  ) -> Float {
    let count = samples.count - first
    return withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { sums in
      sums.initialize(repeating: 0)
      for (framesBack, coefficient) in taps {
        let source = samples.baseAddress! + first - framesBack * channelCount
        for index in 0..<count { sums[index] += coefficient * source[index] }
      }
      return maxMagnitude(UnsafeBufferPointer(sums))
    }
  }

  /// The largest magnitude in `values` (0 when empty).
  ///
  /// Compared as bit patterns with the sign cleared, which order as the magnitudes do: an integer
  /// maximum, which the compiler vectorizes (a floating-point one it may not reorder).
  static func maxMagnitude(_ values: UnsafeBufferPointer<Float>) -> Float {
    var highest: UInt32 = 0
    for value in values { highest = max(highest, value.bitPattern & 0x7fff_ffff) }
    return Float(bitPattern: highest)
  }
}
