import AudioTestSupport
import CKernels
import Testing

/// The AVX2 copies of the kernels give the same bits as the baseline copies, on every kind of
/// sample the vector loops and their tails meet: halves, full scale and beyond, ±infinity and NaN,
/// positions whose low 32 bits wrap within the block. (Skipped, and reported so, on a processor
/// without AVX2 and FMA and where there are no AVX2 copies.)
@Suite(.enabled(if: segue_wide_kernels() != nil, "no AVX2 copies on this processor"))
struct KernelCopiesTests {
  static let wide = segue_wide_kernels()!.pointee
  static let baseline = segue_baseline_kernels()!.pointee

  /// Samples of every kind, a sixth of them special.
  static func samples(_ count: Int, seed: UInt64) -> [Float] {
    var random = SeededRandom(seed: seed)
    let special: [Float] = [0, 1, -1, 1.5, -3e38, .infinity, -.infinity, .nan, 0.5 / 32_768, -2.5 / 32_768, .ulpOfOne]
    return (0..<count).map { _ in
      Int.random(in: 0..<6, using: &random) == 0 ? special.randomElement(using: &random)! : Float.random(in: -1.1...1.1, using: &random)
    }
  }

  @Test(arguments: [1, 2, 3])
  func quantizingMatches(stride: Int) {
    let input = Self.samples(203 * stride, seed: UInt64(stride))
    let count = input.count / stride
    let position = UInt64(UInt32.max) - 57
    for dither: Int32 in [0, 1] {
      let wide16 = Self.quantized(count) { Self.wide.quantize16(input, stride, count, $0, position, dither) } as [Int16]
      let baseline16 = Self.quantized(count) { Self.baseline.quantize16(input, stride, count, $0, position, dither) } as [Int16]
      #expect(wide16 == baseline16)
      for bits: Int32 in [8, 16, 20, 24, 32] {
        let wide32 = Self.quantized(count) { Self.wide.quantize32(input, stride, count, $0, bits, position, dither) } as [Int32]
        let baseline32 = Self.quantized(count) { Self.baseline.quantize32(input, stride, count, $0, bits, position, dither) } as [Int32]
        #expect(wide32 == baseline32, "\(bits) bits, dither \(dither)")
      }
    }
  }

  @Test func peaksMatch() {
    for seed: UInt64 in 1...20 {
      let input = Self.samples(16 * 9 + Int(seed), seed: 100 + seed)
      #expect(Self.wide.largest_magnitude(input, input.count).bitPattern == Self.baseline.largest_magnitude(input, input.count).bitPattern)
      let offsets = [0, -1, -2, -3, -5, -8]
      let coefficients: [Float] = [0.31, -0.12, 0.77, 0.05, -0.4, 0.013]
      input.withUnsafeBufferPointer { buffer in
        let start = buffer.baseAddress! + 8
        let count = buffer.count - 8
        let wide = Self.wide.filtered_peak(start, count, offsets, coefficients, offsets.count)
        let baseline = Self.baseline.filtered_peak(start, count, offsets, coefficients, offsets.count)
        #expect(wide.bitPattern == baseline.bitPattern)
      }
      let (phases, taps) = (3, 5)
      let phaseCoefficients = (0..<(phases * taps)).map { Float($0 % 7) * 0.11 - 0.3 }
      var widePeaks = Self.samples(input.count - taps + 1, seed: 300 + seed).map(abs)
      var baselinePeaks = widePeaks
      Self.wide.interval_peaks(input, widePeaks.count, 2, phaseCoefficients, phases, taps, &widePeaks)
      Self.baseline.interval_peaks(input, baselinePeaks.count, 2, phaseCoefficients, phases, taps, &baselinePeaks)
      #expect(widePeaks.map(\.bitPattern) == baselinePeaks.map(\.bitPattern))
    }
  }

  static func quantized<Word>(_ count: Int, _ fill: (UnsafeMutablePointer<Word>) -> Void) -> [Word] {
    [Word](unsafeUninitializedCapacity: count) { buffer, initialized in
      fill(buffer.baseAddress!)
      initialized = count
    }
  }
}
