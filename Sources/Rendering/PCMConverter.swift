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
  /// The loop is written twice, with and without dither, so neither tests the choice per sample
  /// and the compiler can vectorize each.
  @inline(__always)
  func quantize<Word: FixedWidthInteger>(
    _ samples: UnsafeBufferPointer<Float>, first: Int, stride: Int, count: Int, into out: UnsafeMutablePointer<Word>, shift: Int
  ) {
    let base = samples.baseAddress! + first
    let firstPosition = firstSample &+ UInt64(truncatingIfNeeded: first)
    if dither {
      for index in 0..<count {
        let noise = Self.triangularNoise(firstPosition &+ UInt64(truncatingIfNeeded: index &* stride))
        out[index] = Word(truncatingIfNeeded: rounded(Double(base[index &* stride]) * scale + noise) << shift)
      }
    } else {
      for index in 0..<count { out[index] = Word(truncatingIfNeeded: rounded(Double(base[index &* stride]) * scale) << shift) }
    }
  }

  /// `value` clamped to the integers' range and rounded to the nearest, halves to even.
  ///
  /// It is clamped bound first (`max(x, y)` returns `x` unless `y >= x`), so even a NaN comes out
  /// as a number. Adding 1.5 × 2^52, where doubles are one apart, rounds it, and the sum's low
  /// bits then hold the integer: no call into libm for `rounded()`, no checked conversion.
  @inline(__always)
  private func rounded(_ value: Double) -> Int32 {
    let clamped = min(maximum, max(-scale, value))
    return Int32(truncatingIfNeeded: Int64(bitPattern: (clamped + Self.roundingOffset).bitPattern &- Self.roundingOffset.bitPattern))
  }

  /// 1.5 × 2^52: added to a double under 2^51 in magnitude, it leaves a whole number.
  private static let roundingOffset = 6_755_399_441_055_744.0

  /// Noise with a triangular distribution on (-1, 1), a pure function of `index`: the difference
  /// of the two 16-bit halves of a 32-bit hash of it (Wellons' lowbias32, two multiplies).
  @inline(__always)
  static func triangularNoise(_ index: UInt64) -> Double {
    var z = UInt32(truncatingIfNeeded: index) ^ (UInt32(truncatingIfNeeded: index >> 32) &* 0x9E37_79B9)
    z = (z ^ (z >> 16)) &* 0x7FEB_352D
    z = (z ^ (z >> 15)) &* 0x846C_A68B
    z ^= z >> 16
    return Double(Int32(z & 0xFFFF) - Int32(z >> 16)) / 65_536
  }
}
