import CFFmpegShim

/// Joins FLAC frames encoded in segments into the stream one encoder would write: each frame
/// renumbered from the segment's start (`FLACFrameNumber`), and STREAMINFO's figures of the whole
/// (smallest and largest frame, total samples, the MD5 of the samples) measured as they pass.
final class FLACStreamJoin {
  private var streamInfoTemplate: [UInt8]
  private let bitsPerSample: Int
  private var md5: OpaquePointer?
  private var frameNumber: Int64 = 0
  private var totalSamples: Int64 = 0
  private var smallestFrame = Int.max
  private var largestFrame = 0

  /// For a stream whose header holds `streamInfo` (34 bytes, as the first encoder wrote it), of
  /// samples `bitsPerSample` wide.
  init(streamInfo: [UInt8], bitsPerSample: Int) {
    streamInfoTemplate = streamInfo
    self.bitsPerSample = bitsPerSample
    md5 = av_md5_alloc()
    av_md5_init(md5)
  }

  /// Hears the samples, in order, as the encoder takes them (interleaved, 16-bit, or 32-bit
  /// holding `bitsPerSample` bits at the top).
  func hear(_ pcm: some PCMPlanes) {
    let bytes = pcm.plane(0)
    if bitsPerSample <= 16 {
      av_md5_update(md5, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count)
      return
    }
    // FLAC's MD5 is of the samples at their own width: 24-bit samples as three bytes each.
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

  /// The next frame, `frames` samples long, renumbered; nil when it is not a FLAC frame.
  func next(_ frame: [UInt8], frames: Int64) -> [UInt8]? {
    guard let renumbered = FLACFrameNumber.renumbered(frame, as: frameNumber) else { return nil }
    frameNumber += 1
    totalSamples += frames
    smallestFrame = min(smallestFrame, renumbered.count)
    largestFrame = max(largestFrame, renumbered.count)
    return renumbered
  }

  /// STREAMINFO for the whole stream: the first encoder's, with the figures of the whole.
  func streamInfo() -> [UInt8] {
    var info = streamInfoTemplate
    for (offset, value) in [(4, smallestFrame == .max ? 0 : smallestFrame), (7, largestFrame)] {
      info[offset] = UInt8(truncatingIfNeeded: value >> 16)
      info[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
      info[offset + 2] = UInt8(truncatingIfNeeded: value)
    }
    // Total samples: the low 4 bits of byte 13 and bytes 14-17 (36 bits).
    info[13] = (info[13] & 0xF0) | UInt8(truncatingIfNeeded: totalSamples >> 32) & 0x0F
    for index in 0..<4 { info[14 + index] = UInt8(truncatingIfNeeded: totalSamples >> (24 - 8 * index)) }
    var digest = [UInt8](repeating: 0, count: 16)
    av_md5_final(md5, &digest)
    info.replaceSubrange(18..<34, with: digest)
    return info
  }

  deinit { av_freep(&md5) }
}
