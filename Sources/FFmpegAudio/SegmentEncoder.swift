import CFFmpegShim

/// Encodes one worker's segments of the output, one after another, each apart from the
/// segments other workers encode (`EncodedSegment`).
///
/// An encoder whose frames stand alone (FLAC, ALAC: no `SegmentJoining.Overlap`) makes each frame
/// of that frame's samples only, so one is kept for every segment the worker takes and fed on
/// without being drained: opening FFmpeg's FLAC encoder clears about 5 MiB, and opening one per
/// segment kept that much more in the worker's heap. Any other encoder carries state from frame to
/// frame, so each segment gets a fresh one, which hears the segment's pre-roll and is drained at
/// its end.
public final class SegmentEncoder {
  private let settings: EncoderSettings
  private let globalHeader: Bool
  private let framesStandAlone: Bool
  /// The encoder kept from segment to segment, when frames stand alone.
  private var kept: EncoderFeed?

  /// Encodes as `settings` say, for a stream whose segments overlap as `overlap` says.
  public init(settings: EncoderSettings, globalHeader: Bool, overlap: SegmentJoining.Overlap) {
    self.settings = settings
    self.globalHeader = globalHeader
    framesStandAlone = overlap == .zero
  }

  /// Encodes `pcm`, which lies on the output's timeline as `span` says, and keeps the packets
  /// that stand for the span's own frames: those one encoder of the whole output would have
  /// written for them. FLAC frames are renumbered into the stream; MP3 frames are given their own
  /// main data.
  public func encode(_ pcm: some PCMPlanes, span: SegmentSpan) throws -> EncodedSegment {
    let feed = try kept ?? EncoderFeed(encoder: AudioEncoder(settings: settings, globalHeader: globalHeader, path: "(a segment)"))
    kept = framesStandAlone && !span.isLast ? feed : nil
    let priming = feed.encoder.primingFrames
    let frameSize = Int64(feed.inputFormat.frameSize)
    // The encoder counts the frames it has been fed; the timeline, from the output's start.
    let origin = span.start - feed.framesWritten
    let invalid = { (what: String) in FFmpegError(function: "a segment's packet is no \(what) frame", code: SEGUE_AVERROR_INVALIDDATA, path: "(a segment)") }
    let renumbers = settings.codecName == "flac"
    var made: [EncodedSegment.Packet] = []
    let take = { (packet: Packet) throws in
      // A packet of no bytes carries only side data (FLAC's STREAMINFO of this segment alone).
      guard packet.pointer.pointee.size > 0 else { return }
      let data = UnsafeBufferPointer(start: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
      let pts = packet.pointer.pointee.pts + origin
      // FLAC frames are renumbered as they are copied out of the packet: one copy, not two.
      guard let bytes = renumbers ? FLACFrameNumber.renumbered(data, as: pts / frameSize) : Array(data) else { throw invalid("FLAC") }
      made.append(EncodedSegment.Packet(bytes: bytes, pts: pts, duration: packet.pointer.pointee.duration, skippedSamples: packet.skippedSamples))
    }
    try feed.write(pcm, onPacket: take)
    // A kept encoder has made every frame of the segment (a whole number of frames) already.
    if kept == nil { try feed.finish(onPacket: take) }

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
