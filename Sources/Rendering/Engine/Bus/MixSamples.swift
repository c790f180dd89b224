import FFmpegAudio
import SampleBlocks

/// A mixed block's interleaved samples: the mix's floats, or, where one clip passes through
/// untouched, its source's decoded integers as they are (no float round trip on the way to the
/// encoder).
enum MixSamples: Sendable {
  case floats(SampleBlock)
  case int16(PooledBuffer<Int16>)
  case int32(PooledBuffer<Int32>)

  /// How many samples (frames times channels) the block holds.
  var count: Int {
    switch self {
    case .floats(let block): block.samples.count
    case .int16(let block): block.samples.count
    case .int32(let block): block.samples.count
    }
  }

  /// True when the block holds a source's integers.
  var isIntegers: Bool {
    if case .floats = self { return false }
    return true
  }

  /// Writes samples `samples` of the block as floats to `destination`: integers exactly as
  /// libswresample converts them (16-bit over 2^15, 32-bit over 2^31), so a block converted here
  /// is the block the mixer would have made.
  func copyFloats(_ samples: Range<Int>, to destination: UnsafeMutablePointer<Float>) {
    switch self {
    case .floats(let block):
      destination.update(from: block.samples.baseAddress! + samples.lowerBound, count: samples.count)
    case .int16(let block):
      Self.convert(block.samples, samples, scale: 1.0 / 32_768, to: destination)
    case .int32(let block):
      Self.convert(block.samples, samples, scale: 1.0 / 2_147_483_648, to: destination)
    }
  }

  private static func convert<Sample: BinaryInteger>(
    _ source: UnsafeMutableBufferPointer<Sample>, _ samples: Range<Int>, scale: Float, to destination: UnsafeMutablePointer<Float>
  ) {
    for index in samples { destination[index - samples.lowerBound] = Float(source[index]) * scale }
  }
}
