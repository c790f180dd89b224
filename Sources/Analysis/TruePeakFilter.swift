import CKernels
import Foundation

/// A polyphase interpolator that estimates a signal's true (inter-sample) peaks, and says where
/// they are: a Kaiser-windowed sinc cut off at the input's Nyquist frequency, `oversampling`
/// points per sample, `tapsPerPhase` taps each.
///
/// Phase 0 is the sample itself; phase `p` is the value `p / oversampling` of the way from `x[n]`
/// to `x[n+1]`, read from `x[n - reachBefore] ... x[n + reachAfter]`, the window spanning
/// `tapsPerPhase / 2` samples either side. Each phase is scaled to a DC gain of exactly 1, so a
/// constant reads as its own level at every phase. The filter gives the peak of every interval
/// between two samples, which a limiter needs to know where to act; `PeakScan` uses its phases
/// to find the highest.
///
/// How close two meters come on a signal depends mostly on their filters, not on their rates:
/// music's peaks are shaped by frequencies far below Nyquist, where every good filter is flat and
/// all agree within 0.01 dB, but content near Nyquist (full-band noise, aliased squares, hard
/// clipping, cymbals) reaches the transition band, where each filter passes its own share of the
/// content and of its images, and one reads a peak up to 0.3 dB higher than another. No filter
/// is right there; a meter can only say which it reads through, and a limiter which it holds.
public struct TruePeakFilter: Sendable {
  /// Interpolated values per input sample (phase 0 included).
  public let oversampling: Int
  /// Taps of each interpolating phase.
  public let tapsPerPhase: Int
  /// How many samples before `x[n]` the interval from `x[n]` to `x[n+1]` reads.
  public var reachBefore: Int { tapsPerPhase / 2 - 1 }
  /// How many samples after `x[n]` the interval from `x[n]` to `x[n+1]` reads.
  public var reachAfter: Int { tapsPerPhase / 2 }

  /// Phases 1 to `oversampling - 1`, one after the other; tap `i` of a phase weights `x[n - reachBefore + i]`.
  public let taps: [Float]

  /// The worst-case overshoot: the largest sum of |taps| of any phase (phase 0's is 1).
  ///
  /// No interpolated value can exceed this times the largest |sample| it reads, so where every
  /// sample within reach is at most `ceiling / overshootBound`, nothing needs interpolating.
  public let overshootBound: Double

  /// What Segue's true peaks are measured with: scipy's `resample_poly` filter at 16x (its
  /// default Kaiser window, β = 5, 20 taps per phase), a reference anyone can recompute in one
  /// line, and accurate as a meter needs to be. ITU-R BS.1770-4 Annex 2 asks for at least 4x, and
  /// its example filter (the 12-tap Hann-windowed sinc libebur128 uses) droops from 10 kHz and
  /// ripples by 0.04 dB: it under-reads inter-sample peaks by up to 0.3 dB on levelled music and
  /// up to 0.7 dB on full-band material, so a limiter aiming at it overshoots the ceiling as
  /// better meters see it. This one is flat within 0.02 dB up to 17 kHz (at 44.1 kHz; 0.1 dB
  /// down at 18.9 kHz), and 16 points per sample leave under 0.04 dB unread at the top of the
  /// passband for a lone tone, nothing measurable for music. The same at every rate.
  public static let meter = TruePeakFilter(oversampling: 16, tapsPerPhase: 20, kaiserBeta: 5)

  /// The other reading a limiter must hold: libswresample's upsampler, which the ffmpeg CLI's
  /// `ebur128=peak=true` and `loudnorm` measure through (a Kaiser-windowed sinc of 32 taps,
  /// β = 9, at 192 kHz). With another window and length it shares less of content near Nyquist
  /// with its images: on full-band signals limited to `meter` alone, ffmpeg read peaks up to
  /// 0.28 dB over the ceiling. At 8 points per sample it reads about what ffmpeg's 4.35 (192 kHz
  /// from 44.1 kHz) do, but for where those fall between its own (`PeakLimiter.truePeakMarginDB`).
  public static let libswresample = TruePeakFilter(oversampling: 8, tapsPerPhase: 32, kaiserBeta: 9)

  /// A Kaiser-windowed sinc with `oversampling` phases of `tapsPerPhase` taps (an even number),
  /// the window's shape `kaiserBeta`.
  init(oversampling: Int, tapsPerPhase: Int, kaiserBeta: Double) {
    self.oversampling = oversampling
    self.tapsPerPhase = tapsPerPhase
    let halfSpan = Double(tapsPerPhase / 2)
    var taps: [Float] = []
    var bound = 1.0
    for phase in 1..<oversampling {
      let fraction = Double(phase) / Double(oversampling)
      let raw = (0..<tapsPerPhase).map { index -> Double in
        let distance = Double(index - (tapsPerPhase / 2 - 1)) - fraction
        let edge = distance / halfSpan
        let window = Self.besselI0(kaiserBeta * max(0, 1 - edge * edge).squareRoot()) / Self.besselI0(kaiserBeta)
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

  /// The zeroth-order modified Bessel function of the first kind, by its power series (each term
  /// `((x/2)^k / k!)^2`), summed until the terms no longer matter in a double.
  static func besselI0(_ x: Double) -> Double {
    var (sum, term, k) = (1.0, 1.0, 1.0)
    while term > sum * 1e-17 {
      term *= (x / (2 * k)) * (x / (2 * k))
      sum += term
      k += 1
    }
    return sum
  }

  /// How far `other`'s interpolated values can lie from this filter's at the same points, per unit
  /// of the largest sample either reads: the largest sum of the differences of their taps over
  /// `other`'s phases (0.11 from `meter` to `libswresample`), since `|Σ (a - b)·x| ≤ Σ|a - b| · max|x|`.
  /// `other`'s points must be among this filter's: its oversampling divides this one's.
  func distance(to other: TruePeakFilter) -> Double {
    precondition(oversampling % other.oversampling == 0, "the other filter's points are not among this one's")
    let shift = other.reachBefore - reachBefore
    return (1..<other.oversampling).map { phase in
      let mine = self.phase(phase * oversampling / other.oversampling)
      let theirs = other.phase(phase)
      let first = min(0, shift)
      let last = max(other.tapsPerPhase, shift + tapsPerPhase)
      return (first..<last).reduce(0.0) { sum, index in
        let a = theirs.indices.contains(theirs.startIndex + index) ? Double(theirs[theirs.startIndex + index]) : 0
        let b = mine.indices.contains(mine.startIndex + index - shift) ? Double(mine[mine.startIndex + index - shift]) : 0
        return sum + abs(a - b)
      }
    }.max() ?? 0
  }

  /// Phase `phase`'s taps (1 to `oversampling - 1`).
  public func phase(_ phase: Int) -> ArraySlice<Float> {
    taps[((phase - 1) * tapsPerPhase)..<(phase * tapsPerPhase)]
  }

  /// The largest magnitude in each interval of one channel's contiguous samples: for `count`
  /// intervals starting at `samples[reachBefore]`, the peak of `x[n]` and its interpolated
  /// values, raised into `peaks[k]` where it exceeds what is there. `samples` holds
  /// `count + tapsPerPhase - 1` values.
  public func raiseIntervalPeaks(_ samples: UnsafePointer<Float>, count: Int, into peaks: UnsafeMutablePointer<Float>) {
    segue_interval_peaks(samples, count, reachBefore, taps, oversampling - 1, tapsPerPhase, peaks)
  }
}
