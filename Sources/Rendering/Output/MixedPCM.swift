import CKernels
import FFmpegAudio
import SampleBlocks

/// A block of the mix, turned into an encoder's PCM as it is written where the encoder wants it
/// (its frame, or a segment's buffer): the conversion is the block's only copy.
///
/// Float samples that came unprocessed from integer sources lie exactly on that integer grid, so
/// rounding them back gives the source's samples bit for bit; a source's integers passed through
/// as they are (`MixSamples.int16`, `.int32`) are copied, widened where the output has more bits.
/// Processed samples headed for an integer format get TPDF dither of ±1 LSB, seeded by the
/// sample's position in the output, so the same render always gives the same bytes, however the
/// block is cut into frames.
struct MixedPCM: PCMSource, Sendable {
  let samples: MixSamples
  /// Where the block's first frame sits in the output, which seeds its dither.
  let firstFrame: Int64
  let dither: Bool
  let format: EncoderInputFormat

  var frameCount: Int { samples.count / format.layout.channelCount }

  func write(from start: Int, count: Int, into plane: (Int) -> UnsafeMutableRawPointer) {
    let channels = format.layout.channelCount
    let range = (start * channels)..<((start + count) * channels)
    for index in 0..<(format.isPlanar ? channels : 1) {
      let out = plane(index)
      switch samples {
      case .floats(let block):
        fill(out, plane: index, from: UnsafeBufferPointer(rebasing: block.samples[range]), firstFrame: firstFrame + Int64(start))
      case .int16(let block):
        copyIntegers(UnsafeBufferPointer(rebasing: block.samples[range]), plane: index, sourceBits: 16, into: out)
      case .int32(let block):
        copyIntegers(UnsafeBufferPointer(rebasing: block.samples[range]), plane: index, sourceBits: 32, into: out)
      }
    }
  }

  /// Writes one output plane of float samples: every channel when interleaved, channel `plane`
  /// when planar.
  private func fill(_ raw: UnsafeMutableRawPointer, plane: Int, from samples: UnsafeBufferPointer<Float>, firstFrame: Int64) {
    let (first, stride, count) = picking(plane, of: samples.count)
    let channels = format.layout.channelCount
    switch format.sampleType {
    case .float32:
      let out = raw.assumingMemoryBound(to: Float.self)
      for index in 0..<count { out[index] = samples[first + index * stride] }
    case .int16:
      Quantizer(bits: 16, dither: dither, channels: channels, firstFrame: firstFrame)
        .quantize(samples, first: first, stride: stride, count: count, into: raw.assumingMemoryBound(to: Int16.self))
    case .int32(let bits):
      Quantizer(bits: bits, dither: dither, channels: channels, firstFrame: firstFrame)
        .quantize(samples, first: first, stride: stride, count: count, into: raw.assumingMemoryBound(to: Int32.self))
    }
  }

  /// Writes one output plane of a source's integers (`sourceBits` wide, the source's bits at the
  /// top), shifted up to the top of the output's samples: 16-bit samples into 32-bit words sit
  /// high, as the quantizer puts them. A source is passed through only into integers as wide.
  private func copyIntegers<Sample: FixedWidthInteger>(
    _ samples: UnsafeBufferPointer<Sample>, plane: Int, sourceBits: Int, into raw: UnsafeMutableRawPointer
  ) {
    let (first, stride, count) = picking(plane, of: samples.count)
    switch format.sampleType {
    case .int16:
      precondition(sourceBits == 16, "a passed-through source is never wider than the output")
      copy(samples, first: first, stride: stride, count: count, shift: 0, into: raw.assumingMemoryBound(to: Int16.self))
    case .int32:
      copy(samples, first: first, stride: stride, count: count, shift: 32 - sourceBits, into: raw.assumingMemoryBound(to: Int32.self))
    case .float32:
      preconditionFailure("integers pass through into integer output only")
    }
  }

  /// Copies every `stride`-th of `count` samples from `first`, shifted left by `shift`, to `out`.
  private func copy<Sample: FixedWidthInteger, Output: FixedWidthInteger>(
    _ samples: UnsafeBufferPointer<Sample>, first: Int, stride: Int, count: Int, shift: Int, into out: UnsafeMutablePointer<Output>
  ) {
    if stride == 1, shift == 0, Sample.self == Output.self {
      UnsafeMutableRawPointer(out).copyMemory(from: samples.baseAddress! + first, byteCount: count * MemoryLayout<Output>.stride)
      return
    }
    for index in 0..<count { out[index] = Output(truncatingIfNeeded: samples[first + index * stride]) << shift }
  }

  /// Which of a block's `sampleCount` interleaved samples go to output plane `plane`: every one
  /// when interleaved, every channel-th from the plane's channel when planar.
  private func picking(_ plane: Int, of sampleCount: Int) -> (first: Int, stride: Int, count: Int) {
    let channels = format.layout.channelCount
    return format.isPlanar ? (plane, channels, sampleCount / channels) : (0, 1, sampleCount)
  }
}

/// Rounds float samples in [-1, 1) to `bits`-bit integers, with optional position-seeded TPDF
/// dither (`segue_quantize16` and `segue_quantize32`: halves to even, clamped at full scale, a NaN
/// included, never a trap).
struct Quantizer {
  let bits: Int
  let dither: Bool
  /// Index of the block's first sample in the whole output's interleaved sample sequence.
  let firstSample: UInt64

  init(bits: Int, dither: Bool, channels: Int, firstFrame: Int64) {
    precondition((1...32).contains(bits), "a quantizer makes integers of 1 to 32 bits")
    self.bits = bits
    self.dither = dither
    firstSample = UInt64(firstFrame) &* UInt64(channels)
  }

  /// Writes 16-bit integers for `count` samples, every `stride`-th from `first`, to `out`.
  func quantize(_ samples: UnsafeBufferPointer<Float>, first: Int, stride: Int, count: Int, into out: UnsafeMutablePointer<Int16>) {
    segue_quantize16(samples.baseAddress! + first, stride, count, out, position(of: first), dither ? 1 : 0)
  }

  /// Writes `bits`-bit integers, at the top of 32-bit words (24-bit samples sit high), for `count`
  /// samples, every `stride`-th from `first`, to `out`.
  func quantize(_ samples: UnsafeBufferPointer<Float>, first: Int, stride: Int, count: Int, into out: UnsafeMutablePointer<Int32>) {
    segue_quantize32(samples.baseAddress! + first, stride, count, out, Int32(bits), position(of: first), dither ? 1 : 0)
  }

  /// The position in the whole output of the block's sample `index`, which seeds its noise.
  private func position(of index: Int) -> UInt64 { firstSample &+ UInt64(truncatingIfNeeded: index) }

  /// Noise with a triangular distribution on (-1, 1), in 65,536ths, a pure function of `index`.
  static func triangularNoise(_ index: UInt64) -> Int32 { segue_triangular_noise(index) }
}
