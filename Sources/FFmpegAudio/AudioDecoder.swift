import CFFmpegShim

/// Owns a decoding `AVCodecContext` for one audio stream.
final class AudioDecoder {
  private var context: UnsafeMutablePointer<AVCodecContext>?
  private let path: String

  /// Opens the decoder for the demuxer's audio stream.
  init(for demuxer: Demuxer) throws(FFmpegError) {
    path = demuxer.path
    context = avcodec_alloc_context3(demuxer.codec)
    guard context != nil else {
      throw FFmpegError(function: "avcodec_alloc_context3", code: segue_averror(ENOMEM), path: path)
    }
    try check(
      avcodec_parameters_to_context(context, demuxer.stream.pointee.codecpar),
      "avcodec_parameters_to_context", path: path)
    // Without it, skipped priming samples leave frame timestamps wrong.
    context!.pointee.pkt_timebase = demuxer.stream.pointee.time_base
    try check(avcodec_open2(context, demuxer.codec, nil), "avcodec_open2", path: path)
  }

  /// Sample format of decoded frames (may be refined by the first decoded frame).
  var sampleFormat: AVSampleFormat { context!.pointee.sample_fmt }

  /// Significant bits per sample for integer formats (24 for 24-bit FLAC in 32-bit words).
  var bitsPerRawSample: Int { Int(context!.pointee.bits_per_raw_sample) }

  /// Hands a packet to the decoder, or `nil` to start draining it.
  func send(_ packet: Packet?) throws(FFmpegError) {
    let result = avcodec_send_packet(context, packet?.pointer)
    // EOF means the decoder is already draining; sending nil twice is harmless.
    if result == SEGUE_AVERROR_EOF { return }
    try check(result, "avcodec_send_packet", path: path)
  }

  /// Takes the next decoded frame, if the decoder has one.
  func receive(into frame: Frame) throws(FFmpegError) -> CodecStep {
    frame.unref()
    return try CodecStep(
      receiveResult: avcodec_receive_frame(context, frame.pointer), function: "avcodec_receive_frame",
      path: path)
  }

  /// Drops everything buffered, after a seek.
  func flush() { avcodec_flush_buffers(context) }

  deinit { avcodec_free_context(&context) }
}
