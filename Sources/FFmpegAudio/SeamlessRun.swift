/// Encodes segments on from an earlier one with one encoder, so that each follows the frames
/// before it with no seam: the way across a join that segments encoded apart cannot make (an MP3
/// frame that finds less bit reservoir behind it than its encoder gave it: `MP3Reservoir.fits`).
///
/// The run starts where the earlier segment's encoder started and hears what it heard, so the
/// frames it makes up to the join are that segment's own (an encoder is deterministic: the same
/// settings and samples give the same frames), and the frames after the join continue that
/// encoder's stream, its bit reservoir as it laid it. The run is kept while joins keep needing
/// it: each next segment is fed on from where the samples fed so far end (`fedTo`).
public final class SeamlessRun {
  private let settings: EncoderSettings
  private let feed: EncoderFeed
  private var taking: EncodedSegment.Packet.Taking
  /// Packets made but not yet handed out in a segment: those past the last segment's own frames.
  private var made: [EncodedSegment.Packet] = []
  /// Where on the output's timeline the samples fed so far end.
  public private(set) var fedTo: Int64
  /// False when the segment encoded last lacks frames before its own end: frames the encoder
  /// still holds (LAME's VBR modes hand frames over later than its CBR), which only this run can
  /// give, so it must encode the next segment too.
  public private(set) var lastSegmentIsWhole = true
  /// Where the frames of the segment encoded last end on the stream's timeline (nil before the
  /// first): the next segment begins there, with the frames the encoder held back.
  private var handedTo: Int64?

  /// Starts a run that hears `pcm`, the earlier segment's samples from its encoder's start
  /// (`span.start`) through its post-roll, as that segment's encoder did.
  public init(settings: EncoderSettings, globalHeader: Bool, hearing pcm: some PCMPlanes, span: SegmentSpan) throws {
    self.settings = settings
    feed = EncoderFeed(encoder: try AudioEncoder(settings: settings, globalHeader: globalHeader, path: EncodedSegment.Packet.encoderPath))
    taking = EncodedSegment.Packet.Taking(settings: settings, frameSize: feed.inputFormat.frameSize, origin: span.start)
    fedTo = span.start
    try hear(pcm)
  }

  /// The segment `span` stands for, encoded on from the frames before it: `pcm` is its samples
  /// from `fedTo` through its post-roll (to the output's end for the last).
  public func encode(_ pcm: some PCMPlanes, span: SegmentSpan) throws -> EncodedSegment {
    try hear(pcm)
    if span.isLast { try feed.finish { made += try taking.take($0) } }
    var segment = EncodedSegment(
      keeping: made, of: span, priming: feed.encoder.primingFrames, settings: settings, frameSize: feed.inputFormat.frameSize)
    if let handedTo {
      let ownStart = span.from - feed.encoder.primingFrames
      let heldBack = made.filter { $0.pts >= handedTo && $0.pts < ownStart }
      segment = EncodedSegment(packets: heldBack + segment.packets, spare: segment.spare, frameCount: segment.frameCount)
    }
    handedTo = segment.packets.last.map { $0.pts + $0.duration } ?? handedTo
    // What the next segment may need: the packets from this one's own end on.
    let ownEnd = span.to - feed.encoder.primingFrames
    lastSegmentIsWhole = span.isLast || segment.packets.last.map { $0.pts + $0.duration >= ownEnd } == true
    made.removeAll { $0.pts < ownEnd }
    return segment
  }

  private func hear(_ pcm: some PCMPlanes) throws {
    try feed.write(pcm) { made += try taking.take($0) }
    fedTo += Int64(pcm.frameCount)
  }
}
