import CFFmpegShim

/// A copy of one packet an `AudioFileWriter` wrote, for decoding it again elsewhere.
public final class EncodedPacket: @unchecked Sendable {
  // @unchecked: the packet is written once, here, and only read after it is handed over.
  let packet = Packet()

  init(copying source: Packet) {
    av_packet_ref(packet.pointer, source.pointer)
  }
}
