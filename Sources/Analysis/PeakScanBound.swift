import CKernels
import Foundation

/// Upper bounds, cheap to compute, on the values `TruePeakFilter` interpolates from a stretch of
/// signal, and that interpolation itself where no bound is low enough: what `PeakScan` uses to
/// skip the stretches that cannot hold the true peak, and `PeakDetector` the ones that cannot
/// pass the limiter's threshold.
///
/// Each interpolated value is `y = Σ c[i]·x[n - reachBefore + i]` over the taps of its phase.
/// Indexed by the newest sample it reads, it depends on the last `historyFrames` frames only.
/// For each phase a bound sums the few taps nearest the centre exactly (an `Estimate`) and adds the most
/// the rest can add, `tail · max|x|`, since `|Σ c·x| ≤ Σ|c| · max|x|`. Bounds are tried from the
/// cheapest to the closest until one falls under the level asked about: no taps summed (the plain
/// bound, `Σ|c|` up to 2.24 for `TruePeakFilter.meter`, 7 dB, which skips little in dense
/// music), then the central taps leaving a tail of at most 0.6 of the sample peak (42 of the
/// meter's 300 taps over its 15 phases: it settles the limiter's chunks 5 dB under its
/// threshold at a seventh of the interpolation's cost), at most 0.3 (77 taps), at most 0.1 (141
/// taps): on dense music the scan then interpolates fewer than a fifth of its windows in full
/// (`PeakScanTests`). Past those, every tap is summed and the result is the interpolation
/// itself. Bounds are widened by 0.1 % for float rounding, far more than the sums' rounding can
/// amount to (a few parts in ten million).
struct PeakScanBound {
  /// The frames each interpolated value depends on: the newest and the ones before it.
  let historyFrames: Int
  private let channelCount: Int
  /// The bounds to try, cheapest first.
  private let stages: [Estimate]
  /// Every tap of every phase: the interpolation itself.
  private let full: Estimate

  /// Central taps summed exactly, and what the others can add at most.
  private struct Estimate {
    /// Per phase, its central taps: where each reads (in samples from the newest, interleaved)
    /// and its coefficient.
    var phases: [(offsets: [Int], coefficients: [Float])] = []
    /// The largest sum of the other taps' magnitudes in any phase, as a fraction of the sample peak.
    var tail: Float = 0
  }

  /// The bounds for `filter` over `channelCount` interleaved channels; with `other`, bounds on
  /// `other`'s values too (whose points are among `filter`'s), each stage's tail widened by how
  /// far `other`'s values can lie from `filter`'s (`TruePeakFilter.distance(to:)`), so one bound
  /// settles both.
  init(filter: TruePeakFilter, channelCount: Int, alsoBounding other: TruePeakFilter? = nil) {
    self.channelCount = channelCount
    let count = filter.tapsPerPhase
    // Outputs are indexed by the newest sample that either filter reads for their interval.
    let reachAfter = max(filter.reachAfter, other?.reachAfter ?? 0)
    historyFrames = max(filter.reachBefore, other?.reachBefore ?? 0) + reachAfter + 1
    let distance = other.map { Float(filter.distance(to: $0)) } ?? 0
    let estimates = [Double.infinity, 0.6, 0.3, 0.1, 0].map { tailLimit in
      var estimate = Estimate()
      for phase in 1..<filter.oversampling {
        let coefficients = filter.phase(phase).map(Double.init)
        // Tap `i` reads `x[n - reachBefore + i]`: `reachBefore + reachAfter - i` frames before the newest.
        let centre = Double(filter.reachBefore) + Double(phase) / Double(filter.oversampling)
        let order = (0..<count).sorted { abs(Double($0) - centre) < abs(Double($1) - centre) }
        let magnitudes = order.map { abs(coefficients[$0]) }
        let kept = magnitudes.indices.first { magnitudes[$0...].reduce(0, +) <= tailLimit } ?? count
        let central = order[..<kept]
        estimate.phases.append(
          (central.map { ($0 - filter.reachBefore - reachAfter) * channelCount }, central.map { Float(coefficients[$0]) }))
        estimate.tail = max(estimate.tail, Float(magnitudes[kept...].reduce(0, +)))
      }
      estimate.tail += tailLimit == 0 ? 0 : distance
      return estimate
    }
    stages = Array(estimates.dropLast())
    full = estimates[estimates.count - 1]
  }

  /// What the frames from `start` on in interleaved `samples` (with `historyFrames - 1` real
  /// frames before `start`) reach: their sample peak, and the largest value `filter` interpolates
  /// up to them unless a bound shows it stays under `level`.
  ///
  /// Past the window's bounds, each run of `runFrames` is bounded again, and interpolated only
  /// where it could pass the level or what the window's runs have reached: where a limiter pins
  /// every peak of a mix to one level, each window comes near it, but most of its runs do not.
  func highest(in samples: UnsafeBufferPointer<Float>, from start: Int, level: Float) -> WindowPeak {
    let samplePeak = largestMagnitude(UnsafeBufferPointer(rebasing: samples[(start * channelCount)...]))
    if staysUnder(level, in: samples, from: start, samplePeak: samplePeak) { return WindowPeak(samplePeak: samplePeak, truePeak: nil) }
    let (history, frames) = (historyFrames - 1, samples.count / channelCount)
    var interpolated: Float = 0
    for first in stride(from: start, to: frames, by: Self.runFrames) {
      let end = min(frames, first + Self.runFrames)
      let run = UnsafeBufferPointer(rebasing: samples[((first - history) * channelCount)..<(end * channelCount)])
      let runPeak = largestMagnitude(UnsafeBufferPointer(rebasing: run[(history * channelCount)...]))
      if staysUnder(max(level, interpolated), in: run, from: history, samplePeak: runPeak) { continue }
      interpolated = full.phases.reduce(interpolated) { max($0, Self.filteredPeak($1, over: run, from: history * channelCount)) }
    }
    return WindowPeak(samplePeak: samplePeak, truePeak: max(samplePeak, interpolated))
  }

  /// The frames `highest` bounds at once inside a window that could hold the peak.
  static let runFrames = 64

  /// True when a bound shows that every value interpolated up to the frames from `start` on in
  /// interleaved `samples` (with `historyFrames - 1` real frames before `start`, and
  /// `samplePeak` the largest magnitude from `start` on) stays under `level`.
  ///
  /// A stage whose tail, added to the sample peak, already reaches the level is not tried: its
  /// estimate is about the sample peak at least (the phases beside the largest sample read nearly
  /// it), so it would fail, and where a limiter pins every peak to one level (the output meter of
  /// a limited mix, the limiter on a loud chunk) trying it would cost as much as the interpolation.
  func staysUnder(_ level: Float, in samples: UnsafeBufferPointer<Float>, from start: Int, samplePeak: Float) -> Bool {
    let first = start * channelCount
    guard samplePeak < level else { return false }
    let before = largestMagnitude(UnsafeBufferPointer(rebasing: samples[(first - (historyFrames - 1) * channelCount)..<first]))
    let reach = max(samplePeak, before)
    return stages.contains { stage in
      guard (samplePeak + stage.tail * reach) * 1.001 < level else { return false }
      let estimated = stage.phases.reduce(Float(0)) { highest, taps in
        taps.offsets.isEmpty ? highest : max(highest, Self.filteredPeak(taps, over: samples, from: first))
      }
      return (estimated + stage.tail * reach) * 1.001 < level
    }
  }

  /// What a window reaches.
  struct WindowPeak {
    var samplePeak: Float
    /// The largest sample of the interpolation (phase 0, the samples, included); nil where a
    /// bound showed it stays under the level asked about.
    var truePeak: Float?
  }

  /// The largest magnitude of `Σ coefficient · x[i + offset]` over the taps, for the samples `i`
  /// of `samples` from `first` on.
  private static func filteredPeak(_ taps: (offsets: [Int], coefficients: [Float]), over samples: UnsafeBufferPointer<Float>, from first: Int) -> Float {
    segue_filtered_peak(samples.baseAddress! + first, samples.count - first, taps.offsets, taps.coefficients, taps.offsets.count)
  }
}
