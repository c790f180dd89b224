import CFFmpegShim

/// Owns one reusable `AVPacket`, freed with `av_packet_free`.
final class Packet {
  let pointer: UnsafeMutablePointer<AVPacket>

  init() {
    guard let packet = av_packet_alloc() else { fatalError("av_packet_alloc: out of memory") }
    pointer = packet
  }

  /// Drops the packet's data so the packet can be filled again.
  func unref() { av_packet_unref(pointer) }

  deinit {
    var packet: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&packet)
  }
}

/// Owns one reusable `AVFrame`, freed with `av_frame_free`.
final class Frame {
  let pointer: UnsafeMutablePointer<AVFrame>

  init() {
    guard let frame = av_frame_alloc() else { fatalError("av_frame_alloc: out of memory") }
    pointer = frame
  }

  /// Sample frames in this frame (per channel).
  var sampleCount: Int { Int(pointer.pointee.nb_samples) }

  /// The frame's sample format.
  var sampleFormat: AVSampleFormat { AVSampleFormat(rawValue: pointer.pointee.format) }

  /// Drops the frame's buffers so the frame can be filled again.
  func unref() { av_frame_unref(pointer) }

  deinit {
    var frame: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&frame)
  }
}
