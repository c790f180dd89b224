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
  public private(set) var framesWritten: Int64 = 0
  /// Hears a copy of every packet as it is written (for a `WrittenStreamDecoder`).
  public var onPacket: ((EncodedPacket) -> Void)?

  private let muxer: Muxer
  private let encoder: AudioEncoder
  private let stream: UnsafeMutablePointer<AVStream>
  private let frame = Frame()
  private let packet = Packet()
  /// Sample frames already copied into `frame`, which is sent when it holds `frameSize`.
  private var filled = 0
  /// For MP3: the newest packet, held back until the next one, so the last can carry all the padding.
  private var heldPacket: Packet?
  /// End padding announced by the packets at the end of the stream so far.
  private var trailingPadding: Int64 = 0
  /// Packets the encoder has produced, each `inputFormat.frameSize` frames when decoded.
  private var packetCount: Int64 = 0

  /// Creates `path` as FFmpeg's container `containerName`, encoded as `settings` say, with
  /// `metadata`'s tags and chapters.
  public init(path: String, containerName: String, settings: EncoderSettings, metadata: ContainerMetadata = ContainerMetadata()) throws {
    muxer = try Muxer(path: path, containerName: containerName)
    encoder = try AudioEncoder(settings: settings, globalHeader: muxer.wantsGlobalHeader, path: path)
    inputFormat = encoder.inputFormat
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

  /// True when this FFmpeg build has the named encoder.
  public static func hasEncoder(named codecName: String) -> Bool {
    avcodec_find_encoder_by_name(codecName) != nil
  }

  /// Appends a chunk of PCM in `inputFormat`.
  public func write(_ chunk: some PCMPlanes) throws {
    var consumed = 0
    while consumed < chunk.frameCount {
      if filled == 0 { try encoder.allocate(frame, count: inputFormat.frameSize) }
      let taken = min(chunk.frameCount - consumed, inputFormat.frameSize - filled)
      copy(chunk, from: consumed, count: taken)
      filled += taken
      consumed += taken
      if filled == inputFormat.frameSize { try sendFilledFrame() }
    }
  }

  /// Sends the short last frame, drains the encoder and completes the file.
  public func finish() throws {
    if filled > 0 {
      frame.pointer.pointee.nb_samples = Int32(filled)
      try sendFilledFrame()
    }
    try encoder.send(nil)
    try writePendingPackets()
    if let heldPacket, heldPacket.pointer.pointee.size > 0 {
      if trailingPadding > 0 { heldPacket.setSkippedEnd(trailingPadding) }
      try write(heldPacket)
    }
    try muxer.finish()
    try writeGaplessTag()
  }

  /// Writes iTunSMPB (priming, padding, length) into MP4 output whose codec primes (AAC): FFmpeg
  /// 5.1's muxer writes only the edit list, which some players ignore.
  private func writeGaplessTag() throws {
    let priming = encoder.primingFrames
    guard muxer.isMP4Family, priming > 0, muxer.path != Self.standardOutput else { return }
    let decoded = packetCount * Int64(inputFormat.frameSize)
    let info = ITunesGaplessInfo(priming: priming, padding: max(0, decoded - priming - framesWritten), length: framesWritten)
    try MP4TagWriter.setFreeformTags([.gapless(info)], inFileAt: muxer.path)
  }

  private func copy(_ chunk: some PCMPlanes, from start: Int, count: Int) {
    let planeFrameBytes = inputFormat.bytesPerSample * (inputFormat.isPlanar ? 1 : inputFormat.layout.channelCount)
    for index in 0..<chunk.planeCount {
      let destination = frame.pointer.pointee.extended_data[index]! + filled * planeFrameBytes
      let source = chunk.plane(index).baseAddress! + start * planeFrameBytes
      destination.update(from: source.assumingMemoryBound(to: UInt8.self), count: count * planeFrameBytes)
    }
  }

  private func sendFilledFrame() throws {
    frame.pointer.pointee.pts = framesWritten
    framesWritten += Int64(filled)
    filled = 0
    try encoder.send(frame)
    try writePendingPackets()
  }

  private func writePendingPackets() throws {
    while try encoder.receive(into: packet, for: stream) == .produced {
      packetCount += 1
      guard let heldPacket else {
        try write(packet)
        continue
      }
      // FFmpeg 5.1's MP3 muxer writes the LAME tag's padding from the last packet alone; when
      // LAME ends with a frame that is all padding, the padding of the frame before it would be
      // lost, so the last packet is made to carry the sum.
      let end = packet.skippedSamples?.end ?? 0
      trailingPadding = end > 0 ? trailingPadding + end : 0
      if heldPacket.pointer.pointee.size > 0 { try write(heldPacket) }
      packet.move(to: heldPacket)
    }
  }

  /// Hands `packet` to the muxer, and a copy of it to `onPacket`.
  private func write(_ packet: Packet) throws(FFmpegError) {
    onPacket?(EncodedPacket(copying: packet))
    try muxer.write(packet)
  }
}
