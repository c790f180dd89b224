import CFFmpegShim

/// The MD5 of a FLAC stream's samples, as STREAMINFO holds it: of the samples at their own width
/// (16-bit as two bytes, 24-bit as three), interleaved, little-endian.
public final class FLACChecksum: @unchecked Sendable {
  // @unchecked: fed by one thread at a time (its owner hands it over once, whole).
  private let bitsPerSample: Int
  private var md5: OpaquePointer?

  /// For samples `bitsPerSample` wide, handed over as the encoder takes them (16-bit, or 32-bit
  /// holding `bitsPerSample` bits at the top).
  public init(bitsPerSample: Int) {
    self.bitsPerSample = bitsPerSample
    md5 = av_md5_alloc()
    av_md5_init(md5)
  }

  /// Takes the next samples, in order.
  public func hear(_ pcm: some PCMPlanes) {
    let bytes = pcm.plane(0)
    if bitsPerSample <= 16 {
      av_md5_update(md5, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count)
      return
    }
    let samples = bytes.bindMemory(to: Int32.self)
    var packed = [UInt8](repeating: 0, count: samples.count * 3)
    for (index, sample) in samples.enumerated() {
      let value = sample >> (32 - bitsPerSample)
      packed[3 * index] = UInt8(truncatingIfNeeded: value)
      packed[3 * index + 1] = UInt8(truncatingIfNeeded: value >> 8)
      packed[3 * index + 2] = UInt8(truncatingIfNeeded: value >> 16)
    }
    av_md5_update(md5, packed, packed.count)
  }

  /// The digest of everything heard (once: the sum is finished).
  public func digest() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 16)
    av_md5_final(md5, &digest)
    return digest
  }

  deinit { av_freep(&md5) }
}
