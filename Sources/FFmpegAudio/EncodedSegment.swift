import CFFmpegShim

/// The packets one encoder made of one segment of the output, encoded apart from the others.
public struct EncodedSegment: Sendable {
  /// One packet the segment gives the stream.
  public struct Packet: Sendable {
    /// The packet's bytes; an MP3 frame's are its header, side information and its own main
    /// data (`MP3MainData`), to be laid into the stream's bit reservoir as it is joined.
    public var bytes: [UInt8]
    /// Where the packet's decoded samples start on the stream's timeline (priming before zero),
    /// in sample frames.
    public var pts: Int64
    /// The sample frames it decodes to, its end padding already taken off.
    public var duration: Int64
    /// Samples a decoder drops from its start and end (the encoder's delay on its first packet,
    /// its padding on the stream's last), when the encoder said any.
    public var skippedSamples: (start: Int64, end: Int64)?
  }

  /// The packets the segment gives, in order.
  public var packets: [Packet] = []
  /// MP3 only: the frames its encoder made next after them, of the post-roll, which the join
  /// may take in place of the next segment's first frames to fit the bit reservoir.
  public var spare: [Packet] = []
  /// The sample frames of the output the segment stands for (its pre-roll and post-roll not counted).
  public var frameCount: Int64 = 0

  /// Encodes `pcm`, which lies on the output's timeline as `span` says, with a fresh encoder set
  /// up as `settings` say, drained at its end, and keeps the packets that stand for the span's
  /// own frames: those one encoder of the whole output would have written for them. FLAC
  /// frames are renumbered into the stream; MP3 frames are given their own main data.
  public static func encode(_ pcm: some PCMPlanes, span: SegmentSpan, settings: EncoderSettings, globalHeader: Bool) throws -> EncodedSegment {
    let feed = EncoderFeed(encoder: try AudioEncoder(settings: settings, globalHeader: globalHeader, path: "(a segment)"))
    let priming = feed.encoder.primingFrames
    let frameSize = Int64(feed.inputFormat.frameSize)
    let invalid = { (what: String) in FFmpegError(function: "a segment's packet is no \(what) frame", code: SEGUE_AVERROR_INVALIDDATA, path: "(a segment)") }
    let renumbers = settings.codecName == "flac"
    var made: [Packet] = []
    let take = { (packet: FFmpegAudio.Packet) throws in
      // A packet of no bytes carries only side data (FLAC's STREAMINFO of this segment alone).
      guard packet.pointer.pointee.size > 0 else { return }
      let data = UnsafeBufferPointer(start: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
      let pts = packet.pointer.pointee.pts + span.start
      // FLAC frames are renumbered as they are copied out of the packet: one copy, not two.
      guard let bytes = renumbers ? FLACFrameNumber.renumbered(data, as: pts / frameSize) : Array(data) else { throw invalid("FLAC") }
      made.append(Packet(bytes: bytes, pts: pts, duration: packet.pointer.pointee.duration, skippedSamples: packet.skippedSamples))
    }
    try feed.write(pcm, onPacket: take)
    try feed.finish(onPacket: take)

    if settings.codecName == "libmp3lame" {
      guard let unpacked = MP3MainData.unpacked(made.map(\.bytes)) else { throw invalid("MP3") }
      for index in made.indices { made[index].bytes = unpacked[index] }
    }
    let ownEnd = span.to - priming
    let own = (span.from - priming)..<(span.isLast ? Int64.max : ownEnd)
    let spare = span.isLast ? ownEnd..<ownEnd : ownEnd..<(ownEnd + Int64(SegmentJoining.spareFrames(codecName: settings.codecName)) * frameSize)
    return EncodedSegment(
      packets: made.filter { own.contains($0.pts) }, spare: made.filter { spare.contains($0.pts) },
      frameCount: span.to - span.from)
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
