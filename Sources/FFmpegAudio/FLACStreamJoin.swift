/// Joins FLAC segments encoded apart into the stream one encoder would write, and works out the
/// STREAMINFO of the whole: the first encoder's, with the smallest and largest frame, the total
/// samples and the MD5 (`FLACChecksum`) of the whole stream.
///
/// Each segment's frames are renumbered by the worker that encoded it (`FLACFrameNumber`), from
/// the frame its segment starts at.
final class FLACStreamJoin {
  private var streamInfoTemplate: [UInt8]
  private var totalSamples: Int64 = 0
  private var smallestFrame = Int.max
  private var largestFrame = 0
  /// The MD5 of the samples, once the caller has it.
  var checksum: [UInt8]?

  /// For a stream whose header holds `streamInfo` (34 bytes, as the first encoder wrote it).
  init(streamInfo: [UInt8]) { streamInfoTemplate = streamInfo }

  /// Counts the next segment's frames in.
  func add(_ segment: EncodedSegment) {
    for packet in segment.packets {
      totalSamples += packet.duration
      smallestFrame = min(smallestFrame, packet.bytes.count)
      largestFrame = max(largestFrame, packet.bytes.count)
    }
  }

  /// STREAMINFO for the whole stream.
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
    if let checksum { info.replaceSubrange(18..<34, with: checksum) }
    return info
  }
}
