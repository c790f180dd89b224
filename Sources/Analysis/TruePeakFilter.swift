import Foundation

/// A 4x oversampling interpolator that estimates a signal's true (inter-sample) peaks, and says
/// where they are.
///
/// The design is libebur128's, after ITU-R BS.1770-4 Annex 2: a Hann-windowed sinc spanning ±6
/// input samples, cut off at the input's Nyquist frequency. Phase 0 is the sample itself;
/// phases 1–3 are the values a quarter, half and three quarters of the way from `x[n]` to
/// `x[n+1]`, 12 taps each, reading `x[n-5] ... x[n+6]`. Unlike libebur128, each phase is scaled
/// to a DC gain of exactly 1, so a constant signal reads as its own level at every phase.
/// libebur128 and the ffmpeg CLI report only the maximum; this filter gives the peak of every
/// interval, which a limiter needs to know where to act.
public struct TruePeakFilter: Sendable {
  /// Interpolated values per input sample (phase 0 included).
  public static let oversampling = 4
  /// Taps of each interpolating phase.
  public static let tapsPerPhase = 12
  /// How many samples before `x[n]` the interval from `x[n]` to `x[n+1]` reads.
  public static let reachBefore = 5
  /// How many samples after `x[n]` the interval from `x[n]` to `x[n+1]` reads.
  public static let reachAfter = 6

  /// Phases 1, 2 and 3, one after the other; tap `i` of a phase weights `x[n - 5 + i]`.
  public let taps: [Float]

  /// The worst-case overshoot: the largest sum of |taps| of any phase (phase 0's is 1).
  ///
  /// No interpolated value can exceed this times the largest |sample| it reads, so where every
  /// sample within reach is at most `ceiling / overshootBound`, nothing needs interpolating.
  public let overshootBound: Double

  public init() {
    let halfSpan = Double(Self.reachAfter)
    var taps: [Float] = []
    var bound = 1.0
    for phase in 1..<Self.oversampling {
      let fraction = Double(phase) / Double(Self.oversampling)
      let raw = (0..<Self.tapsPerPhase).map { index -> Double in
        let distance = Double(index - Self.reachBefore) - fraction
        let window = 0.5 * (1 + cos(Double.pi * distance / halfSpan))
        return window * sin(Double.pi * distance) / (Double.pi * distance)
      }
      let dcGain = raw.reduce(0, +)
      let normalized = raw.map { Float($0 / dcGain) }
      bound = max(bound, normalized.reduce(0) { $0 + Double(abs($1)) })
      taps += normalized
    }
    self.taps = taps
    overshootBound = bound
  }

  /// The largest magnitude in each interval of one channel's contiguous samples: for `count`
  /// intervals starting at `samples[5]`, the peak of `x[n]` and its three interpolated values,
  /// raised into `peaks[k]` where it exceeds what is there. `samples` holds `count + 11` values.
  public func raiseIntervalPeaks(_ samples: UnsafePointer<Float>, count: Int, into peaks: UnsafeMutablePointer<Float>) {
    taps.withUnsafeBufferPointer { taps in
      let first = taps.baseAddress!
      let second = first + Self.tapsPerPhase
      let third = second + Self.tapsPerPhase
      for interval in 0..<count {
        let window = samples + interval
        var (a, b, c): (Float, Float, Float) = (0, 0, 0)
        for index in 0..<Self.tapsPerPhase {
          let sample = window[index]
          a += first[index] * sample
          b += second[index] * sample
          c += third[index] * sample
        }
        peaks[interval] = max(peaks[interval], abs(window[Self.reachBefore]), abs(a), abs(b), abs(c))
      }
    }
  }
}
