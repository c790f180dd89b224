import CFFmpegShim

/// The packets one encoder made of one segment of the output, encoded apart from the others.
public struct EncodedSegment: Sendable {
  /// One packet the segment gives the stream.
  public struct Packet: Sendable {
    public var bytes: [UInt8]
    /// Where the packet's decoded samples start on the stream's timeline (priming before zero),
    /// in sample frames.
    public var pts: Int64
    /// The sample frames it decodes to, its end padding already taken off.
    public var duration: Int64
    /// Samples a decoder drops from its end (the stream's last packets).
    public var skippedEnd: Int64
  }

  /// The packets the segment gives, in order.
  public var packets: [Packet] = []
  /// The sample frames of the output the segment stands for (its pre-roll and post-roll not counted).
  public var frameCount: Int64 = 0

  /// Encodes `pcm`, which lies on the output's timeline as `span` says, with a fresh encoder set
  /// up as `settings` say, drained at its end, and keeps the packets that stand for the span's
  /// own frames: those one encoder of the whole output would have written for them. FLAC
  /// frames are renumbered into the stream.
  public static func encode(_ pcm: some PCMPlanes, span: SegmentSpan, settings: EncoderSettings, globalHeader: Bool) throws -> EncodedSegment {
    let feed = EncoderFeed(encoder: try AudioEncoder(settings: settings, globalHeader: globalHeader, path: "(a segment)"))
    let priming = feed.encoder.primingFrames
    let frameSize = Int64(feed.inputFormat.frameSize)
    let kept = (span.from - priming)..<(span.isLast ? Int64.max : span.to - priming)
    var segment = EncodedSegment(frameCount: span.to - span.from)
    let renumbers = settings.codecName == "flac"
    let take = { (packet: FFmpegAudio.Packet) throws in
      // A packet of no bytes carries only side data (FLAC's STREAMINFO of this segment alone).
      let pts = packet.pointer.pointee.pts + span.start
      guard packet.pointer.pointee.size > 0, kept.contains(pts) else { return }
      let data = UnsafeBufferPointer(start: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
      var bytes = Array(data)
      if renumbers {
        guard let renumbered = FLACFrameNumber.renumbered(data, as: pts / frameSize) else {
          throw FFmpegError(function: "a segment's packet is no FLAC frame", code: SEGUE_AVERROR_INVALIDDATA, path: "(a segment)")
        }
        bytes = renumbered
      }
      segment.packets.append(Packet(bytes: bytes, pts: pts, duration: packet.pointer.pointee.duration, skippedEnd: packet.skippedSamples?.end ?? 0))
    }
    try feed.write(pcm, onPacket: take)
    try feed.finish(onPacket: take)
    return segment
  }
}

/// Where a segment's PCM lies on the output's timeline, in sample frames: it starts at `start`,
/// a pre-roll before its own frames `from..<to`, and may run on past them (a post-roll). The
/// pre-roll and post-roll let its encoder settle as one encoder of the whole output would;
/// their packets are dropped.
public struct SegmentSpan: Sendable, Equatable {
  public let start: Int64
  public let from: Int64
  public let to: Int64
  /// True for the output's last segment, which also gives the packets its encoder drains at the end.
  public let isLast: Bool

  public init(start: Int64, from: Int64, to: Int64, isLast: Bool) {
    (self.start, self.from, self.to, self.isLast) = (start, from, to, isLast)
  }
}
