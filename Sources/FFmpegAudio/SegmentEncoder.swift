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
    let feed = try kept ?? EncoderFeed(encoder: AudioEncoder(settings: settings, globalHeader: globalHeader, path: EncodedSegment.Packet.encoderPath))
    kept = framesStandAlone && !span.isLast ? feed : nil
    var taking = EncodedSegment.Packet.Taking(settings: settings, frameSize: feed.inputFormat.frameSize, origin: span.start - feed.framesWritten)
    var made: [EncodedSegment.Packet] = []
    try feed.write(pcm) { made += try taking.take($0) }
    // A kept encoder has made every frame of the segment (a whole number of frames) already.
    if kept == nil { try feed.finish { made += try taking.take($0) } }
    return EncodedSegment(keeping: made, of: span, priming: feed.encoder.primingFrames, settings: settings, frameSize: feed.inputFormat.frameSize)
  }
}

extension EncodedSegment {
  /// The segment `span` stands for, of the packets one encoder `made` around it: those one
  /// encoder of the whole output would have written for its own frames, and MP3's spares after
  /// them.
  init(keeping made: [Packet], of span: SegmentSpan, priming: Int64, settings: EncoderSettings, frameSize: Int) {
    let ownEnd = span.to - priming
    let own = (span.from - priming)..<(span.isLast ? Int64.max : ownEnd)
    let spareFrames = span.isLast ? 0 : Int64(SegmentJoining.spareFrames(codecName: settings.codecName) * frameSize)
    let spare = ownEnd..<(ownEnd + spareFrames)
    self.init(packets: made.filter { own.contains($0.pts) }, spare: made.filter { spare.contains($0.pts) }, frameCount: span.to - span.from)
  }
}

extension EncodedSegment.Packet {
  /// What an error names as the file of an encoder that writes no file of its own.
  static let encoderPath = "(a segment)"

  /// Takes an encoder's packets as a segment's: placed on the stream's timeline, FLAC frames
  /// renumbered into it as they are copied out (one copy, not two), MP3 frames given their own
  /// main data.
  struct Taking {
    let settings: EncoderSettings
    let frameSize: Int
    /// Where the encoder's first fed frame lies on the stream's timeline.
    let origin: Int64
    private var mainData: MP3MainData.Unpacker?

    init(settings: EncoderSettings, frameSize: Int, origin: Int64) {
      (self.settings, self.frameSize, self.origin) = (settings, frameSize, origin)
      mainData = settings.codecName == "libmp3lame" ? MP3MainData.Unpacker() : nil
    }

    /// `packet` as a segment's packet; none for a packet of no bytes, which carries only side
    /// data (FLAC's STREAMINFO of this segment alone).
    mutating func take(_ packet: Packet) throws -> [EncodedSegment.Packet] {
      guard packet.pointer.pointee.size > 0 else { return [] }
      let data = UnsafeBufferPointer(start: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
      let pts = packet.pointer.pointee.pts + origin
      let bytes: [UInt8]?
      if settings.codecName == "flac" {
        bytes = FLACFrameNumber.renumbered(data, as: pts / Int64(frameSize))
      } else if mainData != nil {
        bytes = mainData?.unpack(data)
      } else {
        bytes = Array(data)
      }
      guard let bytes else {
        let what = settings.codecName == "flac" ? "FLAC" : "MP3"
        throw FFmpegError(function: "a segment's packet is no \(what) frame", code: SEGUE_AVERROR_INVALIDDATA, path: EncodedSegment.Packet.encoderPath)
      }
      return [EncodedSegment.Packet(bytes: bytes, pts: pts, duration: packet.pointer.pointee.duration, skippedSamples: packet.skippedSamples)]
    }
  }
}
