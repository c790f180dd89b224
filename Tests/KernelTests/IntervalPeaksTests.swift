import AudioTestSupport
import CKernels
import Testing

/// The limiter's interpolation kernel gives, bit for bit, what plain loops over the same taps in
/// the same order give, raises each peak only where its interval is higher, and a NaN among the
/// samples makes the peaks of the intervals that read it NaN.
@Suite struct IntervalPeaksTests {
  /// Sixteen-interval blocks and a tail of five; seven phases of twenty-four taps, the sample
  /// itself eleven samples in, as the true-peak filter reads them.
  static let (count, phases, taps, center) = (16 * 7 + 5, 7, 24, 11)

  @Test func matchesPlainLoopsBitForBit() {
    var random = SeededRandom(seed: 9)
    for _ in 0..<20 {
      let samples = (0..<(Self.count + Self.taps - 1)).map { _ in Float.random(in: -1...1, using: &random) }
      let coefficients = (0..<(Self.phases * Self.taps)).map { _ in Float.random(in: -0.7...0.7, using: &random) }
      let before = (0..<Self.count).map { _ in Float.random(in: 0...1.5, using: &random) }
      var kernel = before
      segue_interval_peaks(samples, Self.count, Self.center, coefficients, Self.phases, Self.taps, &kernel)
      let plain = Self.plainPeaks(samples, coefficients, raising: before)
      #expect(kernel.map(\.bitPattern) == plain.map(\.bitPattern))
    }
  }

  @Test(arguments: [3, 16 * 7 + 2])
  func aNaNMakesThePeaksThatReadItNaN(at interval: Int) {
    var samples = [Float](repeating: 0.25, count: Self.count + Self.taps - 1)
    samples[interval + Self.center] = .nan
    var peaks = [Float](repeating: 0, count: Self.count)
    let coefficients = [Float](repeating: 0.04, count: Self.phases * Self.taps)
    segue_interval_peaks(samples, Self.count, Self.center, coefficients, Self.phases, Self.taps, &peaks)
    for index in peaks.indices {
      let reads = (index...(index + Self.taps - 1)).contains(interval + Self.center)
      #expect(peaks[index].isNaN == reads, "interval \(index)")
    }
  }

  /// Each interval's sample and phases summed tap by tap, in order, rounding after each multiply
  /// and each add; the largest magnitude, where it exceeds `before`.
  static func plainPeaks(_ samples: [Float], _ coefficients: [Float], raising before: [Float]) -> [Float] {
    before.indices.map { i in
      var peak = max(before[i], abs(samples[i + center]))
      for phase in 0..<phases {
        var sum: Float = 0
        for t in 0..<taps {
          let product = coefficients[phase * taps + t] * samples[i + t]
          sum = sum + product
        }
        peak = max(peak, abs(sum))
      }
      return peak
    }
  }
}
