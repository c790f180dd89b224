import AudioTestSupport
import CKernels
import Testing

/// The true-peak kernel gives, bit for bit, what a plain loop over the same taps in the same order
/// gives (no fused multiply-adds, which some processors' copies would use and others not, so a
/// peak, and the gain and tags it decides, would differ from machine to machine), and a NaN among
/// the samples makes the peak NaN, as it does for the largest magnitude.
@Suite struct FilteredPeakTests {
  /// Sixteen-output blocks and a tail of five, twelve taps reaching back eleven samples.
  static let count = 16 * 7 + 5
  static let taps = 12

  @Test func matchesAPlainLoopBitForBit() {
    var random = SeededRandom(seed: 7)
    for _ in 0..<50 {
      let history = Self.taps - 1
      let samples = (0..<(Self.count + history)).map { _ in Float.random(in: -1...1, using: &random) }
      let coefficients = (0..<Self.taps).map { _ in Float.random(in: -0.7...0.7, using: &random) }
      let offsets = (0..<Self.taps).map { -$0 }
      let kernel = Self.kernelPeak(samples, from: history, offsets, coefficients)
      let plain = Self.plainPeak(samples, from: history, offsets, coefficients)
      #expect(kernel.bitPattern == plain.bitPattern)
    }
  }

  @Test(arguments: [3, 16 * 7 + 2])
  func aNaNMakesThePeakNaN(at position: Int) {
    var samples = [Float](repeating: 0.25, count: Self.count + Self.taps - 1)
    samples[Self.taps - 1 + position] = .nan
    let peak = Self.kernelPeak(samples, from: Self.taps - 1, (0..<Self.taps).map { -$0 }, [Float](repeating: 0.1, count: Self.taps))
    #expect(peak.isNaN)
  }

  @Test func aNaNIsTheLargestMagnitude() {
    var input = [Float](repeating: -0.5, count: 77)
    input[70] = .nan
    #expect(segue_largest_magnitude(input, input.count).isNaN)
    #expect(segue_largest_magnitude(input, 70) == 0.5)
  }

  static func kernelPeak(_ samples: [Float], from first: Int, _ offsets: [Int], _ coefficients: [Float]) -> Float {
    samples.withUnsafeBufferPointer { buffer in
      segue_filtered_peak(buffer.baseAddress! + first, buffer.count - first, offsets, coefficients, offsets.count)
    }
  }

  /// Each output summed tap by tap, in order, with a rounding after each multiply and each add.
  static func plainPeak(_ samples: [Float], from first: Int, _ offsets: [Int], _ coefficients: [Float]) -> Float {
    var peak: Float = 0
    for i in first..<samples.count {
      var sum: Float = 0
      for (offset, coefficient) in zip(offsets, coefficients) {
        let product = coefficient * samples[i + offset]
        sum = sum + product
      }
      peak = max(peak, abs(sum))
    }
    return peak
  }
}
