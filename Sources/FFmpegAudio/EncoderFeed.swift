import CFFmpegShim

/// Feeds an encoder PCM in chunks of any length, cut into frames of exactly `frameSize` sample
/// frames with a short last frame (never padded), stamped with timestamps that count samples;
/// each packet the encoder makes goes to the caller, in the encoder's time base.
final class EncoderFeed {
  let encoder: AudioEncoder
  /// The PCM `write` expects.
  var inputFormat: EncoderInputFormat { encoder.inputFormat }
  /// Sample frames handed to the encoder so far.
  private(set) var framesWritten: Int64 = 0
  private let frame = Frame()
  private let packet = Packet()
  /// Sample frames already copied into `frame`, which is sent when it holds `frameSize`.
  private var filled = 0

  init(encoder: AudioEncoder) { self.encoder = encoder }

  /// Encodes `chunk`, handing each packet made to `onPacket`.
  func write(_ chunk: some PCMSource, onPacket: (Packet) throws -> Void) throws {
    var consumed = 0
    while consumed < chunk.frameCount {
      if filled == 0 { try encoder.allocate(frame, count: inputFormat.frameSize) }
      let taken = min(chunk.frameCount - consumed, inputFormat.frameSize - filled)
      copy(chunk, from: consumed, count: taken)
      filled += taken
      consumed += taken
      if filled == inputFormat.frameSize { try sendFilledFrame(onPacket: onPacket) }
    }
  }

  /// Sends the short last frame and drains the encoder, handing each packet to `onPacket`.
  func finish(onPacket: (Packet) throws -> Void) throws {
    if filled > 0 {
      frame.pointer.pointee.nb_samples = Int32(filled)
      try sendFilledFrame(onPacket: onPacket)
    }
    try encoder.send(nil)
    try receivePackets(onPacket)
  }

  /// Writes `count` frames of `chunk` from frame `start` into the frame being filled.
  private func copy(_ chunk: some PCMSource, from start: Int, count: Int) {
    let planeFrameBytes = inputFormat.bytesPerSample * (inputFormat.isPlanar ? 1 : inputFormat.layout.channelCount)
    chunk.write(from: start, count: count) { UnsafeMutableRawPointer(frame.pointer.pointee.extended_data[$0]! + filled * planeFrameBytes) }
  }

  private func sendFilledFrame(onPacket: (Packet) throws -> Void) throws {
    frame.pointer.pointee.pts = framesWritten
    framesWritten += Int64(filled)
    filled = 0
    try encoder.send(frame)
    try receivePackets(onPacket)
  }

  private func receivePackets(_ onPacket: (Packet) throws -> Void) throws {
    while try encoder.receive(into: packet) == .produced { try onPacket(packet) }
  }
}
