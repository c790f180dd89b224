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
}

/// Where a segment's PCM lies on the output's timeline, in sample frames: it starts at `start`,
/// a pre-roll before its own frames `from..<to`, and may run on past them (a post-roll). The
/// pre-roll and post-roll let its encoder settle as one encoder of the whole output would;
/// their packets are dropped.
public struct SegmentSpan: Sendable, Equatable {
  /// The output frame where the segment's PCM starts, its pre-roll included.
  public let start: Int64
  /// The output frame where the segment's own frames start, after the pre-roll.
  public let from: Int64
  /// The output frame where the segment's own frames end (exclusive); any post-roll follows.
  public let to: Int64
  /// True for the output's last segment, which also gives the packets its encoder drains at the end.
  public let isLast: Bool

  /// A span whose PCM starts at `start` and whose own frames are `from..<to`, all output sample frames.
  public init(start: Int64, from: Int64, to: Int64, isLast: Bool) {
    (self.start, self.from, self.to, self.isLast) = (start, from, to, isLast)
  }
}
