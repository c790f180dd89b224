/// Joins segments encoded apart into one stream, in order: MP3 frames laid into one bit
/// reservoir (`MP3Reservoir`), FLAC frames measured for the whole stream's STREAMINFO
/// (`FLACStreamJoin`), every other codec's packets passed on as they were placed.
final class SegmentJoiner {
  /// Lays an MP3 stream's segments into one bit reservoir.
  private let mp3Reservoir: MP3Reservoir?
  /// Measures a FLAC stream's segments, for its STREAMINFO.
  private let flacStream: FLACStreamJoin?
  /// Sample frames of the segments joined.
  private(set) var framesJoined: Int64 = 0

  /// A joiner for `codecName`'s segments; `streamInfo` is the FLAC encoder's STREAMINFO (34 bytes),
  /// the template the whole stream's is made from.
  init(codecName: String, streamInfo: [UInt8]?) {
    mp3Reservoir = codecName == "libmp3lame" ? MP3Reservoir() : nil
    flacStream = streamInfo.map { FLACStreamJoin(streamInfo: $0) }
  }

  /// True when `segment` can follow the segments joined so far; false where its first MP3 frame
  /// finds less reservoir than its encoder gave it, after any of the earlier segment's spare frames.
  func canJoin(_ segment: EncodedSegment) -> Bool { mp3Reservoir?.fits(segment) ?? true }

  /// Joins the next segment, handing its packets to `emit` as they are laid (MP3 frames may wait
  /// for the next segment, which can move the join).
  func add(_ segment: EncodedSegment, emit: (EncodedSegment.Packet) throws -> Void) throws {
    framesJoined += segment.frameCount
    if let mp3Reservoir {
      try mp3Reservoir.add(segment) { try emit($0.packet) }
      return
    }
    flacStream?.add(segment)
    for packet in segment.packets { try emit(packet) }
  }

  /// Hands the packets still waiting (the last MP3 frames) to `emit`.
  func finish(emit: (EncodedSegment.Packet) throws -> Void) throws {
    try mp3Reservoir?.finish { try emit($0.packet) }
  }

  /// True when the stream keeps a checksum of its samples (FLAC's MD5), to be fed them in order.
  var keepsChecksum: Bool { flacStream != nil }

  /// Takes the digest of the samples' checksum, for STREAMINFO.
  func setChecksum(_ checksum: [UInt8]) { flacStream?.checksum = checksum }

  /// The whole stream's STREAMINFO, for a FLAC stream.
  func streamInfo() -> [UInt8]? { flacStream?.streamInfo() }

  /// How many MP3 joins were moved past their segments' boundary to fit the bit reservoir; nil
  /// for other codecs.
  var mp3JoinsMoved: Int? { mp3Reservoir?.joinsMoved }
}
