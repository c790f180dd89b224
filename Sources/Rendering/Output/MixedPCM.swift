import CKernels
import FFmpegAudio
import SampleBlocks

/// A block of the mix, turned into an encoder's PCM as it is written where the encoder wants it
/// (its frame, or a segment's buffer): the conversion is the block's only copy.
///
/// Float samples that came unprocessed from integer sources lie exactly on that integer grid, so
/// rounding them back gives the source's samples bit for bit; a source's integers passed through
/// as the decoder made them (`MixSamples.integers`) are copied, widened where the output has more
/// bits. Processed samples headed for an integer format get TPDF dither of ±1 LSB, seeded by the
/// sample's position in the output, so the same render always gives the same bytes, however the
/// block is cut into frames.
struct MixedPCM: PCMSource, Sendable {
  let samples: MixSamples
  /// Where the block's first frame sits in the output, which seeds its dither.
  let firstFrame: Int64
  let dither: Bool
  let format: EncoderInputFormat
  let frameCount: Int

  init(samples: MixSamples, firstFrame: Int64, dither: Bool, format: EncoderInputFormat) {
    self.samples = samples
    self.firstFrame = firstFrame
    self.dither = dither
    self.format = format
    frameCount = samples.frameCount(channels: format.layout.channelCount)
  }

  func write(from start: Int, count: Int, into plane: (Int) -> UnsafeMutableRawPointer) {
    let channels = format.layout.channelCount
    for index in 0..<(format.isPlanar ? channels : 1) {
      switch samples {
      case .floats(let block):
        let part = UnsafeBufferPointer(rebasing: block.samples[(start * channels)..<((start + count) * channels)])
        fill(plane(index), plane: index, from: part, firstFrame: firstFrame + Int64(start))
      case .integers(let pieces):
        let channel = format.isPlanar ? index : nil
        let frameSamples = format.isPlanar ? 1 : channels
        let out = plane(index)
        forEachPiece(in: start..<(start + count), of: pieces) { piece, frames, done in
          switch format.sampleType {
          case .int16: piece.write(frames, channel: channel, into: out.assumingMemoryBound(to: Int16.self) + done * frameSamples)
          case .int32: piece.write(frames, channel: channel, into: out.assumingMemoryBound(to: Int32.self) + done * frameSamples)
          case .float32: preconditionFailure("integers pass through into integer output only")
          }
        }
      }
    }
  }

  /// Writes one output plane of float samples: every channel when interleaved, channel `plane`
  /// when planar.
  private func fill(_ raw: UnsafeMutableRawPointer, plane: Int, from samples: UnsafeBufferPointer<Float>, firstFrame: Int64) {
    let channels = format.layout.channelCount
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
        .quantize(samples, first: first, stride: stride, count: count, into: raw.assumingMemoryBound(to: Int16.self))
    case .int32(let bits):
      Quantizer(bits: bits, dither: dither, channels: channels, firstFrame: firstFrame)
        .quantize(samples, first: first, stride: stride, count: count, into: raw.assumingMemoryBound(to: Int32.self))
    }
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
