import FFmpegAudio

/// Turns interleaved float samples into an encoder's PCM, dithering only where it must.
///
/// Float samples that came unprocessed from integer sources lie exactly on that integer grid, so
/// rounding them back gives the source's samples bit for bit. Processed samples headed for an
/// integer format get TPDF dither of ±1 LSB, seeded by the sample's position in the output, so the
/// same render always gives the same bytes.
struct PCMConverter {
  let format: EncoderInputFormat

  /// Converts `samples`, whose first sample frame sits at `firstFrame` in the output.
  func convert(_ samples: UnsafeBufferPointer<Float>, firstFrame: Int64, dither: Bool) -> PCMChunk {
    let channels = format.layout.channelCount
    let frames = samples.count / channels
    let planeCount = format.isPlanar ? channels : 1
    let planeBytes = frames * format.bytesPerSample * (format.isPlanar ? 1 : channels)
    var planes = [[UInt8]](repeating: [], count: planeCount)
    for plane in 0..<planeCount {
      planes[plane] = [UInt8](unsafeUninitializedCapacity: planeBytes) { bytes, count in
        fill(bytes, plane: plane, from: samples, firstFrame: firstFrame, dither: dither)
        count = planeBytes
      }
    }
    return PCMChunk(frameCount: frames, planes: planes)
  }

  /// Writes one output plane: every channel when interleaved, channel `plane` when planar.
  private func fill(
    _ bytes: UnsafeMutableBufferPointer<UInt8>, plane: Int, from samples: UnsafeBufferPointer<Float>,
    firstFrame: Int64, dither: Bool
  ) {
    let channels = format.layout.channelCount
    let raw = UnsafeMutableRawPointer(bytes.baseAddress!)
    // Which interleaved samples go to this plane, and where the first one is.
    let stride = format.isPlanar ? channels : 1
    let first = format.isPlanar ? plane : 0
    let count = format.isPlanar ? samples.count / channels : samples.count
    switch format.sampleType {
    case .float32:
      let out = raw.assumingMemoryBound(to: Float.self)
      for index in 0..<count { out[index] = samples[first + index * stride] }
    case .int16:
      Quantizer(bits: 16, dither: dither, channels: channels, firstFrame: firstFrame)
        .quantize(samples, first: first, stride: stride, count: count, into: raw.assumingMemoryBound(to: Int16.self), shift: 0)
    case .int32(let bits):
      Quantizer(bits: bits, dither: dither, channels: channels, firstFrame: firstFrame)
        .quantize(samples, first: first, stride: stride, count: count, into: raw.assumingMemoryBound(to: Int32.self), shift: 32 - bits)
    }
  }
}

/// Rounds float samples in [-1, 1) to `bits`-bit integers, with optional position-seeded TPDF dither.
struct Quantizer {
  let scale: Double
  let maximum: Double
  let dither: Bool
  /// Index of the block's first sample in the whole output's interleaved sample sequence.
  let firstSample: UInt64

  init(bits: Int, dither: Bool, channels: Int, firstFrame: Int64) {
    scale = Double(sign: .plus, exponent: bits - 1, significand: 1)
    maximum = scale - 1
    self.dither = dither
    firstSample = UInt64(firstFrame) &* UInt64(channels)
  }

  /// Writes the integers for `count` samples, every `stride`-th from `first`, to `out`, shifted
  /// left by `shift` bits (24-bit samples sit high in 32-bit words).
  ///
  /// Up to 16 bits the arithmetic is done in `Float`, which holds every step and the dither to
  /// 1/256 of a step, at half the vector operations of `Double`; deeper words need `Double`.
  @inline(__always)
  func quantize<Word: FixedWidthInteger>(
    _ samples: UnsafeBufferPointer<Float>, first: Int, stride: Int, count: Int, into out: UnsafeMutablePointer<Word>, shift: Int
  ) {
    if scale <= 32_768 {
      quantize(in: Float.self, samples, first: first, stride: stride, count: count, into: out, shift: shift)
    } else {
      quantize(in: Double.self, samples, first: first, stride: stride, count: count, into: out, shift: shift)
    }
  }

  /// The loop, computing in `Value`: written twice, with and without dither, so neither tests the
  /// choice per sample and the compiler can vectorize each.
  ///
  /// Each value is clamped bound first (`max(x, y)` returns `x` unless `y >= x`), so even a NaN
  /// comes out as a number, then rounded by `roundedToInteger`.
  @inline(__always)
  private func quantize<Word: FixedWidthInteger, Value: QuantizingFloat>(
    in _: Value.Type, _ samples: UnsafeBufferPointer<Float>, first: Int, stride: Int, count: Int, into out: UnsafeMutablePointer<Word>,
    shift: Int
  ) {
    let base = samples.baseAddress! + first
    let firstPosition = firstSample &+ UInt64(truncatingIfNeeded: first)
    let (scale, maximum) = (Value(scale), Value(maximum))
    if dither {
      for index in 0..<count {
        let noise = Value(Self.triangularNoise(firstPosition &+ UInt64(truncatingIfNeeded: index &* stride))) / 65_536
        let value = Value(base[index &* stride]) * scale + noise
        out[index] = Word(truncatingIfNeeded: min(maximum, max(-scale, value)).roundedToInteger << shift)
      }
    } else {
      for index in 0..<count {
        let value = Value(base[index &* stride]) * scale
        out[index] = Word(truncatingIfNeeded: min(maximum, max(-scale, value)).roundedToInteger << shift)
      }
    }
  }

  /// Noise with a triangular distribution on (-1, 1), in 65,536ths, a pure function of `index`:
  /// the difference of the two 16-bit halves of a 32-bit hash of it (Wellons' lowbias32, two
  /// multiplies).
  @inline(__always)
  static func triangularNoise(_ index: UInt64) -> Int32 {
    var z = UInt32(truncatingIfNeeded: index) ^ (UInt32(truncatingIfNeeded: index >> 32) &* 0x9E37_79B9)
    z = (z ^ (z >> 16)) &* 0x7FEB_352D
    z = (z ^ (z >> 15)) &* 0x846C_A68B
    z ^= z >> 16
    return Int32(z & 0xFFFF) - Int32(z >> 16)
  }
}

/// A float type the quantizer computes in: `Float` up to 16 bits, `Double` beyond.
protocol QuantizingFloat: BinaryFloatingPoint {
  /// The whole number nearest this value (halves to even), which must be under a quarter of
  /// 2^`significandBitCount` in magnitude: adding 1.5 × 2^`significandBitCount`, where values are
  /// one apart, rounds it, and the sum's low bits then hold the integer. No call into libm for
  /// `rounded()`, no checked conversion, and it vectorizes.
  var roundedToInteger: Int32 { get }
}

extension Float: QuantizingFloat {
  @inline(__always)
  var roundedToInteger: Int32 {
    let offset: Float = 12_582_912
    return Int32(bitPattern: (self + offset).bitPattern &- offset.bitPattern)
  }
}

extension Double: QuantizingFloat {
  @inline(__always)
  var roundedToInteger: Int32 {
    let offset = 6_755_399_441_055_744.0
    return Int32(truncatingIfNeeded: Int64(bitPattern: (self + offset).bitPattern &- offset.bitPattern))
  }
}
