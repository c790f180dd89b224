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

  /// The samples the demuxer tells the decoder to drop from this packet's start and end
  /// (`AV_PKT_DATA_SKIP_SAMPLES`: encoder delay and padding), if it says any.
  var skippedSamples: (start: Int64, end: Int64)? {
    var size: Int = 0
    guard let data = av_packet_get_side_data(pointer, AV_PKT_DATA_SKIP_SAMPLES, &size), size >= 8 else { return nil }
    let raw = UnsafeRawPointer(data)
    let start = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
    let end = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
    return (Int64(start), Int64(end))
  }

  /// Sets how many samples the decoder must drop from this packet's end.
  func setSkippedEnd(_ frames: Int64) { setSkippedSamples(start: skippedSamples?.start ?? 0, end: frames) }

  /// Sets how many samples the decoder must drop from this packet's start and end.
  func setSkippedSamples(start: Int64, end: Int64) {
    var size: Int = 0
    var data = av_packet_get_side_data(pointer, AV_PKT_DATA_SKIP_SAMPLES, &size)
    if data == nil || size < 10 { data = av_packet_new_side_data(pointer, AV_PKT_DATA_SKIP_SAMPLES, 10) }
    guard let data else { return }
    UnsafeMutableRawPointer(data).storeBytes(of: UInt32(truncatingIfNeeded: start).littleEndian, as: UInt32.self)
    UnsafeMutableRawPointer(data).storeBytes(of: UInt32(truncatingIfNeeded: end).littleEndian, toByteOffset: 4, as: UInt32.self)
  }

  /// Moves this packet's contents into `other`, leaving this one empty.
  func move(to other: Packet) {
    other.unref()
    av_packet_move_ref(other.pointer, pointer)
  }

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
