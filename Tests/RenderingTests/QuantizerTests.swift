import Testing

@testable import Rendering

/// The quantizer rounds to the nearest step (halves to even), clamps at full scale (a NaN
/// included, never a trap), and its dither is TPDF: mean 0, variance 1/6 of a step squared,
/// within (-1, 1), and no correlation between neighbouring samples.
@Suite struct QuantizerTests {
  @Test func roundsAndClamps() {
    let quantizer = Quantizer(bits: 16, dither: false, channels: 2, firstFrame: 0)
    let step = Float(1) / 32_768
    let cases: [(Float, Int32)] = [
      (0, 0), (step * 2.5, 2), (step * 3.5, 4), (-step * 2.5, -2), (step * 0.49, 0), (0.999_99, 32_767), (1, 32_767), (-1, -32_768),
      (-1.5, -32_768), (3e38, 32_767), (.infinity, 32_767), (-.infinity, -32_768), (.nan, -32_768),
    ]
    #expect(Self.integers(cases.map(\.0), quantizer) == cases.map { Int16($0.1) })
    let wide = Quantizer(bits: 24, dither: false, channels: 2, firstFrame: 0)
    #expect(Self.integers([Float(8_388_607) / 8_388_608, -1], wide) == [Int32(8_388_607) << 8, Int32(-8_388_608) << 8])
  }

  private static func integers(_ samples: [Float], _ quantizer: Quantizer) -> [Int16] {
    [Int16](unsafeUninitializedCapacity: samples.count) { out, count in
      samples.withUnsafeBufferPointer { quantizer.quantize($0, first: 0, stride: 1, count: $0.count, into: out.baseAddress!) }
      count = samples.count
    }
  }

  private static func integers(_ samples: [Float], _ quantizer: Quantizer) -> [Int32] {
    [Int32](unsafeUninitializedCapacity: samples.count) { out, count in
      samples.withUnsafeBufferPointer { quantizer.quantize($0, first: 0, stride: 1, count: $0.count, into: out.baseAddress!) }
      count = samples.count
    }
  }

  /// Each sample's noise is the one its position in the whole output seeds, also where a block's
  /// positions cross 2^32 (the kernel seeds in 32-bit lanes between such crossings), in the
  /// interleaved order and every second sample (a planar output's channel).
  @Test(arguments: [1, 2])
  func ditherIsSeededByPositionAcrossTwoToThe32(stride: Int) {
    let count = 37
    let samples = (0..<(count * stride + 1)).map { Float($0 % 13) * 0.071 - 0.43 }
    let firstFrame = Int64((1 << 32) - 23) / 2
    let quantizer = Quantizer(bits: 16, dither: true, channels: 2, firstFrame: firstFrame)
    let words = [Int16](unsafeUninitializedCapacity: count) { out, written in
      samples.withUnsafeBufferPointer { quantizer.quantize($0, first: 1, stride: stride, count: count, into: out.baseAddress!) }
      written = count
    }
    let expected = (0..<count).map { index -> Int16 in
      let position = UInt64(firstFrame) * 2 + 1 + UInt64(index * stride)
      // In Float, as the quantizer computes up to 16 bits.
      let value = samples[1 + index * stride] * 32_768 + Float(Quantizer.triangularNoise(position)) / 65_536
      return Int16(min(32_767, max(-32_768, value.rounded(.toNearestOrEven))))
    }
    #expect(words == expected)
  }

  @Test func ditherIsTriangularAndUncorrelated() {
    let count = 1_000_003
    let noise = (0..<count).map { Double(Quantizer.triangularNoise(UInt64($0) + 7_000_000_000)) / 65_536 }
    let mean = noise.reduce(0, +) / Double(count)
    let variance = noise.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(count)
    let neighbours = zip(noise, noise.dropFirst()).reduce(0) { $0 + $1.0 * $1.1 } / Double(count - 1) / variance
    let inside = noise.filter { abs($0) < 0.5 }.count
    #expect(noise.allSatisfy { $0 > -1 && $0 < 1 })
    #expect(abs(mean) < 0.002, "mean \(mean)")
    #expect(abs(variance - 1.0 / 6) < 0.002, "variance \(variance)")
    #expect(abs(neighbours) < 0.005, "correlation of neighbours \(neighbours)")
    // A triangle on (-1, 1) holds 3/4 of its mass within ±0.5.
    #expect(abs(Double(inside) / Double(count) - 0.75) < 0.002, "\(inside) of \(count) within ±0.5")
  }
}
