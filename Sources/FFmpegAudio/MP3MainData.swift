/// Takes MP3 frames out of the bit reservoir one encoder laid them into, and lays frames from
/// several encoders into one reservoir again.
///
/// A Layer III frame's main data may begin up to 511 bytes before its own slot, in the slots of
/// the frames before it (`main_data_begin`), so two encoders' frames cannot simply follow each
/// other: the first frame after a join points back at main data its own encoder wrote and the
/// other did not. Each worker gives every frame its own main data (`unpacked`); the writer lays
/// them into the joined stream's reservoir (`MP3Reservoir`).
enum MP3MainData {
  /// Each of one encoder's consecutive `frames` as its header, side information and its own main
  /// data; nil when a frame is not Layer III or points at main data the frames do not hold.
  static func unpacked(_ frames: [[UInt8]]) -> [[UInt8]]? {
    var unpacker = Unpacker()
    var unpacked: [[UInt8]] = []
    unpacked.reserveCapacity(frames.count)
    for frame in frames {
      guard let own = unpacker.unpack(frame) else { return nil }
      unpacked.append(own)
    }
    return unpacked
  }

  /// Gives one encoder's frames, taken in order, their own main data, one frame at a time.
  struct Unpacker {
    /// The slots of the frames taken so far: the last few, enough for any `main_data_begin`.
    private var reservoir: [UInt8] = []

    /// `frame`, the next of the encoder's, as its header, side information and its own main
    /// data; nil when it is not Layer III or points at main data the frames before it do not hold.
    mutating func unpack(_ frame: some RandomAccessCollection<UInt8>) -> [UInt8]? {
      guard let layout = MP3Frame(frame), frame.count >= layout.frameBytes else { return nil }
      let bytes = Array(frame.prefix(layout.frameBytes))
      let slotStart = reservoir.count
      reservoir += bytes[(layout.headerBytes + layout.sideInfoBytes)...]
      let begin = slotStart - layout.mainDataBegin
      guard begin >= 0, begin + layout.mainDataBytes <= reservoir.count else { return nil }
      let own = Array(bytes.prefix(layout.headerBytes + layout.sideInfoBytes)) + reservoir[begin..<(begin + layout.mainDataBytes)]
      // Main data never reaches back further than 511 bytes: older bytes are let go.
      if reservoir.count > 4096 { reservoir.removeFirst(reservoir.count - 1024) }
      return own
    }
  }
}
