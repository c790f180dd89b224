import CFFmpegShim
import CKernels

/// Owns a decoding `AVCodecContext` for one audio stream.
final class AudioDecoder {
  private var context: UnsafeMutablePointer<AVCodecContext>?
  private let path: String
  /// True for FLAC, whose frames' CRCs Segue checks itself where it can (`chooseCRCCheck`).
  private let checksFLACFrames: Bool

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
    // Every FLAC frame carries a CRC: checking it turns damage into an error instead of noise.
    checksFLACFrames = demuxer.codec.pointee.id == AV_CODEC_ID_FLAC
    if checksFLACFrames {
      context!.pointee.err_recognition |= AV_EF_CRCCHECK | AV_EF_EXPLODE
      // Frame threads would decode a packet after later ones were sent (`chooseCRCCheck`).
      context!.pointee.thread_count = 1
    }
    try check(avcodec_open2(context, demuxer.codec, nil), "avcodec_open2", path: path)
  }

  /// Sample format of decoded frames (may be refined by the first decoded frame).
  var sampleFormat: AVSampleFormat { context!.pointee.sample_fmt }

  /// Significant bits per sample for integer formats (24 for 24-bit FLAC in 32-bit words).
  var bitsPerRawSample: Int { Int(context!.pointee.bits_per_raw_sample) }

  /// Hands a packet to the decoder, or `nil` to start draining it.
  func send(_ packet: Packet?) throws(FFmpegError) {
    if checksFLACFrames, let packet { chooseCRCCheck(for: packet) }
    let result = avcodec_send_packet(context, packet?.pointer)
    // EOF means the decoder is already draining; sending nil twice is harmless.
    if result == SEGUE_AVERROR_EOF { return }
    try check(result, "avcodec_send_packet", path: path)
  }

  /// Has FFmpeg check the CRC of a FLAC packet's frame only where Segue has not found it intact.
  /// FFmpeg computes the CRC a byte at a time, a tenth of all the decoding; `segue_flac_crc16`
  /// takes half the time (0.045 s against 0.085 s per 20 minutes of stereo). A packet whose CRC
  /// over all its bytes is 0 is decoded unchecked: a whole intact frame (with zeros after it, if
  /// any, which leave the CRC 0). Any other gets FFmpeg's check over the frame alone, which judges
  /// a damaged frame as before, and a frame with other bytes after it (an ID3v1 tag after the
  /// last) on its own. A damaged frame passes as intact only when its CRC happens to be right,
  /// as with FFmpeg's check. The setting reaches the packet it was chosen for because the decoder
  /// runs on the calling thread (`thread_count` 1) and decodes a packet when it is sent, or when
  /// its frames are taken, all of them before the next packet is sent.
  private func chooseCRCCheck(for packet: Packet) {
    let bytes = packet.pointer.pointee
    let intact = bytes.data != nil && bytes.size > 2 && segue_flac_crc16(bytes.data, Int(bytes.size)) == 0
    if intact {
      context!.pointee.err_recognition &= ~AV_EF_CRCCHECK
    } else {
      context!.pointee.err_recognition |= AV_EF_CRCCHECK
    }
  }

  /// Takes the next decoded frame, if the decoder has one.
  func receive(into frame: Frame) throws(FFmpegError) -> CodecStep {
    frame.unref()
    return try CodecStep(
      receiveResult: avcodec_receive_frame(context, frame.pointer), function: "avcodec_receive_frame",
      path: path)
  }

  /// A frame of `frames` silent samples in the decoder's output format, standing in for lost ones.
  func silence(frames: Int) throws(FFmpegError) -> Frame {
    let silent = Frame()
    let pointer = silent.pointer
    pointer.pointee.format = context!.pointee.sample_fmt.rawValue
    pointer.pointee.sample_rate = context!.pointee.sample_rate
    pointer.pointee.nb_samples = Int32(frames)
    try check(av_channel_layout_copy(&pointer.pointee.ch_layout, &context!.pointee.ch_layout), "av_channel_layout_copy", path: path)
    try check(av_frame_get_buffer(pointer, 0), "av_frame_get_buffer", path: path)
    try check(
      av_samples_set_silence(
        pointer.pointee.extended_data, 0, Int32(frames), pointer.pointee.ch_layout.nb_channels, context!.pointee.sample_fmt),
      "av_samples_set_silence", path: path)
    return silent
  }

  /// Drops everything buffered, after a seek.
  func flush() { avcodec_flush_buffers(context) }

  deinit { avcodec_free_context(&context) }
}
