import CFFmpegShim

/// The packets one encoder made of one segment of the output, encoded apart from the others.
public struct EncodedSegment: Sendable {
  /// Each packet's bytes and the sample frames it holds, in order.
  public var packets: [(bytes: [UInt8], frames: Int64)] = []
  /// The sample frames of PCM the segment was made of.
  public var frameCount: Int64 = 0

  /// Encodes `pcm` with a fresh encoder set up as `settings` say: the packets one encoder makes
  /// of this PCM alone, drained at its end. FLAC frames are renumbered from `firstFrame`, the
  /// number the segment's first frame has in the whole stream.
  public static func encode(_ pcm: some PCMPlanes, settings: EncoderSettings, globalHeader: Bool, firstFrame: Int64) throws -> EncodedSegment {
    let feed = EncoderFeed(encoder: try AudioEncoder(settings: settings, globalHeader: globalHeader, path: "(a segment)"))
    var segment = EncodedSegment(frameCount: Int64(pcm.frameCount))
    let renumbers = settings.codecName == "flac"
    let take = { (packet: Packet) throws in
      // A packet of no bytes carries only side data (FLAC's STREAMINFO of this segment alone).
      guard packet.pointer.pointee.size > 0 else { return }
      let data = UnsafeBufferPointer(start: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
      guard renumbers else {
        segment.packets.append((Array(data), packet.pointer.pointee.duration))
        return
      }
      guard let renumbered = FLACFrameNumber.renumbered(data, as: firstFrame + Int64(segment.packets.count)) else {
        throw FFmpegError(function: "a segment's packet is no FLAC frame", code: SEGUE_AVERROR_INVALIDDATA, path: "(a segment)")
      }
      segment.packets.append((renumbered, packet.pointer.pointee.duration))
    }
    try feed.write(pcm, onPacket: take)
    try feed.finish(onPacket: take)
    return segment
  }
}

/// Whether an encoder's output may be cut into segments encoded apart and joined again, exactly.
public enum SegmentJoining {
  /// True for codecs whose frames stand alone and that prime nothing, so segments join into the
  /// stream one encoder writes: FLAC (its frames renumbered) and ALAC in MP4 (whose sample table
  /// the muxer builds from the packets as they come).
  public static func joinsExactly(codecName: String, containerName: String) -> Bool {
    (codecName == "flac" && containerName == "flac") || (codecName == "alac" && Muxer.mp4FamilyNames.contains(containerName))
  }
}
