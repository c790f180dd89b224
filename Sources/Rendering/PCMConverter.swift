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
      let out = raw.assumingMemoryBound(to: Int16.self)
      let quantizer = Quantizer(bits: 16, dither: dither, channels: channels, firstFrame: firstFrame)
      for index in 0..<count {
        let position = first + index * stride
        out[index] = Int16(truncatingIfNeeded: quantizer.quantize(samples[position], at: position))
      }
    case .int32(let bits):
      let out = raw.assumingMemoryBound(to: Int32.self)
      let quantizer = Quantizer(bits: bits, dither: dither, channels: channels, firstFrame: firstFrame)
      let shift = Int32(32 - bits)
      for index in 0..<count {
        let position = first + index * stride
        out[index] = Int32(truncatingIfNeeded: quantizer.quantize(samples[position], at: position)) << shift
      }
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

  /// The integer for `sample`, which is the block's interleaved sample number `position`.
  @inline(__always)
  func quantize(_ sample: Float, at position: Int) -> Int64 {
    var value = Double(sample) * scale
    if dither { value += Self.triangularNoise(firstSample &+ UInt64(position)) }
    return Int64(min(max(value.rounded(), -scale), maximum))
  }

  /// Noise with a triangular distribution on (-1, 1), a pure function of `index` (SplitMix64).
  @inline(__always)
  static func triangularNoise(_ index: UInt64) -> Double {
    var z = index &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    let unit = 1.0 / 4_294_967_296.0
    return Double(z & 0xFFFF_FFFF) * unit - Double(z >> 32) * unit
  }
}
