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
    var reservoir: [UInt8] = []
    var unpacked: [[UInt8]] = []
    unpacked.reserveCapacity(frames.count)
    for frame in frames {
      guard let layout = MP3Frame(frame), frame.count >= layout.frameBytes else { return nil }
      let slotStart = reservoir.count
      reservoir += frame[(layout.headerBytes + layout.sideInfoBytes)..<layout.frameBytes]
      let begin = slotStart - layout.mainDataBegin
      guard begin >= 0, begin + layout.mainDataBytes <= reservoir.count else { return nil }
      unpacked.append(Array(frame.prefix(layout.headerBytes + layout.sideInfoBytes)) + reservoir[begin..<(begin + layout.mainDataBytes)])
      // Main data never reaches back further than 511 bytes: older bytes are let go.
      if reservoir.count > 4096 { reservoir.removeFirst(reservoir.count - 1024) }
    }
    return unpacked
  }
}
