import CFFmpegShim
import Containers

/// Encodes PCM into an audio file in one pass, sample-exact.
///
/// Chunks of any length are cut into encoder frames of exactly `frameSize` sample frames, with a
/// short last frame (never padded), and timestamps that count samples. The encoder's delay and
/// padding travel with its packets to the muxer, which writes them where players read them (the
/// LAME tag, the MP4 edit list at a sample-rate timescale, Ogg's pre-skip and final granule),
/// and, in MP4 with priming, an iTunSMPB tag too, for players that ignore edit lists.
public final class AudioFileWriter {
  /// The PCM that `write(_:)` expects.
  public let inputFormat: EncoderInputFormat
  /// Sample frames handed to the encoder so far.
  public var framesWritten: Int64 { (feed?.framesWritten ?? 0) + (joiner?.framesJoined ?? 0) }
  /// Hears a copy of every packet as it is written (for a `WrittenStreamDecoder`).
  public var onPacket: ((EncodedPacket) -> Void)?
  /// The settings the file is encoded with (each segment's encoder takes them too).
  public let settings: EncoderSettings

  private let muxer: Muxer
  /// The file's own encoder; closed once the stream is written in segments, whose workers
  /// have encoders of their own.
  private var feed: EncoderFeed?
  /// The encoder's delay and time base, kept for when it is closed.
  private let primingFrames: Int64
  private let encoderTimeBase: AVRational
  private let stream: UnsafeMutablePointer<AVStream>
  /// Joins the segments, once the stream is written in segments (`beginSegments`).
  private var joiner: SegmentJoiner?
  /// For MP3: the newest packet, held back until the next one, so the last can carry all the padding.
  private var heldPacket: Packet?
  /// End padding announced by the packets at the end of the stream so far.
  private var trailingPadding: Int64 = 0
  /// Packets the encoder has produced, each `inputFormat.frameSize` frames when decoded.
  private var packetCount: Int64 = 0

  /// Creates `path` as FFmpeg's container `containerName`, encoded as `settings` say, with
  /// `metadata`'s tags and chapters.
  public init(path: String, containerName: String, settings: EncoderSettings, metadata: ContainerMetadata = ContainerMetadata()) throws {
    self.settings = settings
    muxer = try Muxer(path: path, containerName: containerName)
    let encoder = try AudioEncoder(settings: settings, globalHeader: muxer.wantsGlobalHeader, path: path)
    feed = EncoderFeed(encoder: encoder)
    inputFormat = encoder.inputFormat
    (primingFrames, encoderTimeBase) = (encoder.primingFrames, encoder.timeBase)
    stream = try muxer.addStream(from: encoder)
    heldPacket = muxer.containerName == "mp3" ? Packet() : nil
    try muxer.setMetadata(metadata, sampleRate: settings.layout.sampleRate)
    let art = metadata.coverArt.flatMap { muxer.takesCoverArt ? $0 : nil }
    let artStream = try art.map { art throws(FFmpegError) in try muxer.addCoverArtStream(art) }
    try muxer.writeHeader(sampleRate: settings.layout.sampleRate)
    if let art, let artStream { try muxer.writeCoverArt(art, stream: artStream) }
  }

  /// Where the file is written.
  public var path: String { muxer.path }

  /// The written stream's codec parameters, complete once the header is written.
  var streamParameters: UnsafePointer<AVCodecParameters> { UnsafePointer(stream.pointee.codecpar) }

  /// The path that means standard output (`-o -`).
  public static let standardOutput = "-"

  /// The sample rates an encoder accepts, or nil when it takes any.
  public static func supportedSampleRates(codecName: String) -> [Int]? {
    AudioEncoder.supportedSampleRates(codecName: codecName)
  }

  /// True when the container can carry a cover picture (MP3, MP4, FLAC; not Ogg in FFmpeg 5.1).
  public static func takesCoverArt(containerName: String) -> Bool { Muxer.takesCoverArt(containerName: containerName) }

  /// The sample frames per packet an encoder set up as `settings` say takes (its last may be shorter).
  public static func frameSize(of settings: EncoderSettings) throws -> Int {
    try AudioEncoder(settings: settings, globalHeader: false, path: "(the planned output)").inputFormat.frameSize
  }

  /// True when this FFmpeg build has the named encoder.
  public static func hasEncoder(named codecName: String) -> Bool {
    avcodec_find_encoder_by_name(codecName) != nil
  }

  /// Appends a chunk of PCM in `inputFormat`.
  public func write(_ chunk: some PCMSource) throws {
    guard let feed else { throw FFmpegError(function: "write after beginSegments", code: segue_averror(EINVAL), path: path) }
    try feed.write(chunk, onPacket: writeEncoded)
  }

  /// Takes the digest of the segments' checksum (`segmentsChecksum`), for STREAMINFO.
  public func finishSegments(checksum: [UInt8]) { joiner?.setChecksum(checksum) }

  /// Sends the short last frame, drains the encoder (or lays out the last MP3 frames of a stream
  /// written in segments) and completes the file.
  public func finish() throws {
    if let joiner {
      try joiner.finish(emit: writeJoined)
    } else {
      try feed?.finish(onPacket: writeEncoded)
    }
    if let heldPacket, heldPacket.pointer.pointee.size > 0 {
      if let info = joiner?.streamInfo() {
        // The last frame carries the whole stream's STREAMINFO, which the muxer writes at the end.
        guard let data = av_packet_new_side_data(heldPacket.pointer, AV_PKT_DATA_NEW_EXTRADATA, info.count) else {
          throw FFmpegError(function: "av_packet_new_side_data", code: segue_averror(ENOMEM), path: path)
        }
        data.update(from: info, count: info.count)
      } else if trailingPadding > 0 {
        heldPacket.setSkippedEnd(trailingPadding)
      }
      try write(heldPacket)
    }
    try muxer.finish()
    try writeGaplessTag()
  }

  /// Writes iTunSMPB (priming, padding, length) into MP4 output whose codec primes (AAC): FFmpeg
  /// 5.1's muxer writes only the edit list, which some players ignore.
  private func writeGaplessTag() throws {
    let priming = primingFrames
    guard muxer.isMP4Family, priming > 0, muxer.path != Self.standardOutput else { return }
    let decoded = packetCount * Int64(inputFormat.frameSize)
    let info = ITunesGaplessInfo(priming: priming, padding: max(0, decoded - priming - framesWritten), length: framesWritten)
    try MP4TagWriter.setFreeformTags([.gapless(info)], inFileAt: muxer.path)
  }

  /// Starts writing the stream in segments encoded apart (`EncodedSegment`), each hearing the
  /// overlap `SegmentJoining` gives the codec, joined here in order. Fails for a codec whose
  /// segments are not joined, or once the file's own encoder has been written to.
  public func beginSegments() throws(FFmpegError) {
    guard let feed, feed.framesWritten == 0, SegmentJoining.joins(codecName: settings.codecName, containerName: muxer.containerName) else {
      throw FFmpegError(function: "beginSegments: \(settings.codecName) in \(muxer.containerName) is not joined", code: segue_averror(EINVAL), path: path)
    }
    var streamInfo: [UInt8]?
    if settings.codecName == "flac" {
      let parameters = stream.pointee.codecpar.pointee
      guard parameters.extradata_size >= 34 else {
        throw FFmpegError(function: "beginSegments: FLAC without STREAMINFO", code: SEGUE_AVERROR_INVALIDDATA, path: path)
      }
      streamInfo = Array(UnsafeBufferPointer(start: parameters.extradata, count: 34))
      heldPacket = Packet()
    }
    joiner = SegmentJoiner(codecName: settings.codecName, streamInfo: streamInfo)
    // Each worker has its own encoder: this one is closed, and the memory it holds given back.
    self.feed = nil
  }

  /// True when muxers want each segment's encoder to put its setup in the header, not in band.
  public var segmentsWantGlobalHeader: Bool { muxer.wantsGlobalHeader }

  /// A checksum of the samples for a stream written in segments, to be fed them in order and
  /// handed back (`finishSegments`); nil when the stream keeps none.
  public func segmentsChecksum() -> FLACChecksum? {
    joiner?.keepsChecksum == true ? FLACChecksum(bitsPerSample: settings.bitDepth ?? 16) : nil
  }

  /// True when `segment` can be joined to the segments written so far; false where its first MP3
  /// frame finds less bit reservoir than its encoder gave it (`SeamlessRun` encodes across such
  /// a join).
  public func canJoin(_ segment: EncodedSegment) -> Bool {
    joiner?.canJoin(segment) ?? true
  }

  /// Writes the next segment's packets (encoded apart, already placed on the stream's timeline);
  /// one that cannot be joined (`canJoin`) is refused, and nothing of it written.
  public func writeSegment(_ segment: EncodedSegment) throws {
    guard let joiner else { throw FFmpegError(function: "writeSegment before beginSegments", code: segue_averror(EINVAL), path: path) }
    try joiner.add(segment, emit: writeJoined)
  }

  /// How many MP3 joins were moved past their segments' boundary to fit the bit reservoir; nil
  /// for other codecs, or one encoder.
  public var mp3JoinsMoved: Int? { joiner?.mp3JoinsMoved }

  /// Takes a joined segment's packet into the stream.
  private func writeJoined(_ written: EncodedSegment.Packet) throws { try writeEncoded(packet(written)) }

  /// An FFmpeg packet of a segment's packet, stamped with its place on the stream's timeline.
  private func packet(_ written: EncodedSegment.Packet) throws -> Packet {
    let packet = Packet()
    try check(av_new_packet(packet.pointer, Int32(written.bytes.count)), "av_new_packet", path: path)
    written.bytes.withUnsafeBufferPointer { packet.pointer.pointee.data.update(from: $0.baseAddress!, count: $0.count) }
    packet.pointer.pointee.pts = written.pts
    packet.pointer.pointee.dts = written.pts
    packet.pointer.pointee.duration = written.duration
    if let skipped = written.skippedSamples { packet.setSkippedSamples(start: skipped.start, end: skipped.end) }
    return packet
  }

  /// Takes a packet of the file's own encoder into the stream.
  private func writeEncoded(_ packet: Packet) throws {
    packet.pointer.pointee.stream_index = stream.pointee.index
    av_packet_rescale_ts(packet.pointer, encoderTimeBase, stream.pointee.time_base)
    packetCount += 1
    guard let heldPacket else {
      try write(packet)
      return
    }
    // FFmpeg 5.1's MP3 muxer writes the LAME tag's padding from the last packet alone; when
    // LAME ends with a frame that is all padding, the padding of the frame before it would be
    // lost, so the last packet is made to carry the sum.
    let end = packet.skippedSamples?.end ?? 0
    trailingPadding = end > 0 ? trailingPadding + end : 0
    if heldPacket.pointer.pointee.size > 0 { try write(heldPacket) }
    packet.move(to: heldPacket)
  }

  /// Hands `packet` to the muxer, and a copy of it to `onPacket`.
  private func write(_ packet: Packet) throws(FFmpegError) {
    onPacket?(EncodedPacket(copying: packet))
    try muxer.write(packet)
  }
}
