import CFFmpegShim
import SampleBlocks

/// Decodes the packets an `AudioFileWriter` writes, as they are written, into the audio a player
/// will play: interleaved float, the encoder's priming dropped and its end padding cut at the
/// length the writer was given.
///
/// What a lossy encoder does to the peaks can be measured this way while the file is still being
/// written, on a core the encoder leaves free, instead of by reading the file back afterwards.
/// Use it from one thread at a time.
public final class WrittenStreamDecoder {
  private var context: UnsafeMutablePointer<AVCodecContext>?
  private let path: String
  private let layout: PCMLayout
  private let frame = Frame()
  private var resampler: Resampler?
  private let buffer: SampleBuffer
  /// Decoded frames still to drop: the encoder's priming.
  private var primingToDrop: Int64
  /// Converted frames at the front of `buffer`, kept back in case they are end padding.
  private var held = 0
  /// Frames delivered so far.
  private var delivered: Int64 = 0
  /// More than any encoder pads its end with: frames kept back until the length is known.
  private static let holdBackFrames = 8_192

  /// A decoder for `writer`'s stream.
  public init(for writer: AudioFileWriter) throws {
    path = writer.path
    layout = writer.inputFormat.layout
    let parameters = writer.streamParameters
    guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
      throw FFmpegError(function: "avcodec_find_decoder", code: SEGUE_AVERROR_DECODER_NOT_FOUND, path: path)
    }
    context = avcodec_alloc_context3(codec)
    guard context != nil else { throw FFmpegError(function: "avcodec_alloc_context3", code: segue_averror(ENOMEM), path: path) }
    try check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context", path: path)
    try check(avcodec_open2(context, codec, nil), "avcodec_open2", path: path)
    primingToDrop = Int64(parameters.pointee.initial_padding)
    buffer = SampleBuffer(channelCount: layout.channelCount)
  }

  deinit { avcodec_free_context(&context) }

  /// Decodes `packet` and hands `deliver` the audio that is certainly not end padding.
  public func decode(_ packet: EncodedPacket, deliver: (UnsafeBufferPointer<Float>) -> Void) throws {
    try check(avcodec_send_packet(context, packet.packet.pointer), "avcodec_send_packet", path: path)
    try receiveFrames(deliver: deliver)
  }

  /// Drains the decoder and hands `deliver` the rest, up to `length` frames in all: the length the
  /// writer was given.
  public func finish(length: Int64, deliver: (UnsafeBufferPointer<Float>) -> Void) throws {
    let result = avcodec_send_packet(context, nil)
    if result != SEGUE_AVERROR_EOF { try check(result, "avcodec_send_packet", path: path) }
    try receiveFrames(deliver: deliver)
    if let resampler {
      while true {
        let written = try resampler.convert(nil, count: 0, into: buffer, at: held)
        if written == 0 { break }
        held += written
      }
    }
    let last = Int(max(0, min(Int64(held), length - delivered)))
    if last > 0 { deliver(buffer.frames(0..<last)) }
    delivered += Int64(last)
    held = 0
  }

  /// Converts every frame the decoder has ready, and delivers all but the newest frames.
  private func receiveFrames(deliver: (UnsafeBufferPointer<Float>) -> Void) throws {
    while try CodecStep(receiveResult: avcodec_receive_frame(context, frame.pointer), function: "avcodec_receive_frame", path: path)
      == .produced
    {
      let dropped = Int(min(primingToDrop, Int64(frame.sampleCount)))
      primingToDrop -= Int64(dropped)
      guard frame.sampleCount > dropped else { continue }
      if resampler == nil { resampler = try Resampler(convertingFramesLike: frame, to: layout, quality: .veryHigh, path: path) }
      held += try resampler!.convert(frame, from: dropped, count: frame.sampleCount - dropped, into: buffer, at: held)
      if held > Self.holdBackFrames {
        let ready = held - Self.holdBackFrames
        deliver(buffer.frames(0..<ready))
        delivered += Int64(ready)
        buffer.moveToFront(from: ready, count: Self.holdBackFrames)
        held = Self.holdBackFrames
      }
    }
  }
}
