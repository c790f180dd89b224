/// Builds MP4 boxes byte by byte, for the layouts FFmpeg does not write: 64-bit sizes, version 1
/// headers and edit lists, QuickTime-style `meta`, damaged boxes.
enum MP4TestBoxes {
  static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(payload.count + 8) + Array(type.utf8) + payload }

  /// A box with a 64-bit size (size field 1).
  static func largeBox(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    u32(1) + Array(type.utf8) + u64(payload.count + 16) + payload
  }

  static func fullBox(_ type: String, version: UInt8 = 0, _ payload: [UInt8]) -> [UInt8] {
    box(type, [version, 0, 0, 0] + payload)
  }

  static func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
  static func u32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(value >> (8 * $0) & 0xFF) } }
  static func u64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(value >> (8 * $0) & 0xFF) } }

  /// `mvhd` or `mdhd` with 64-bit times (version 1).
  static func header64(_ type: String, timescale: Int, duration: Int) -> [UInt8] {
    fullBox(type, version: 1, u64(0) + u64(0) + u32(timescale) + u64(duration) + [UInt8](repeating: 0, count: 8))
  }

  /// `mvhd` or `mdhd` with 32-bit times (version 0).
  static func header32(_ type: String, timescale: Int, duration: Int) -> [UInt8] {
    fullBox(type, u32(0) + u32(0) + u32(timescale) + u32(duration) + [UInt8](repeating: 0, count: 4))
  }

  static func handler(_ type: String) -> [UInt8] {
    fullBox("hdlr", u32(0) + Array(type.utf8) + [UInt8](repeating: 0, count: 13))
  }

  /// An `stsd` with one `mp4a` entry (version 0 sound description) at `rate`, without `esds`.
  static func sampleDescription(rate: Int) -> [UInt8] {
    let entry = box(
      "mp4a",
      [UInt8](repeating: 0, count: 6) + u16(1) + u16(0) + u16(0) + u32(0) + u16(2) + u16(16) + u16(0) + u16(0)
        + u32(rate << 16))
    return fullBox("stsd", u32(1) + entry)
  }

  static func timeToSample(_ runs: [(Int, Int)]) -> [UInt8] {
    fullBox("stts", u32(runs.count) + runs.flatMap { u32($0.0) + u32($0.1) })
  }

  /// An `elst` with 64-bit fields (version 1).
  static func editList64(_ edits: [(duration: Int, mediaTime: Int)]) -> [UInt8] {
    fullBox(
      "elst", version: 1, u32(edits.count) + edits.flatMap { u64($0.duration) + u64($0.mediaTime) + u32(0x1_0000) })
  }

  /// A `----` item.
  static func freeform(_ name: String, _ value: String) -> [UInt8] {
    box(
      "----",
      fullBox("mean", Array("com.apple.iTunes".utf8)) + fullBox("name", Array(name.utf8))
        + box("data", u32(1) + u32(0) + Array(value.utf8)))
  }

  /// A text item such as `©too`.
  static func textItem(_ type: [UInt8], _ value: String) -> [UInt8] {
    u32(8 + 16 + value.utf8.count) + type + box("data", u32(1) + u32(0) + Array(value.utf8))
  }

  /// An audio `trak` with an optional edit list.
  static func audioTrack(
    timescale: Int, duration: Int, runs: [(Int, Int)], edits: [UInt8]? = nil, version1: Bool = false
  )
    -> [UInt8]
  {
    let mdhd =
      version1
      ? header64("mdhd", timescale: timescale, duration: duration)
      : header32("mdhd", timescale: timescale, duration: duration)
    let stbl = box("stbl", sampleDescription(rate: timescale) + timeToSample(runs))
    let mdia = box("mdia", mdhd + handler("soun") + box("minf", stbl))
    return box("trak", (edits.map { box("edts", $0) } ?? []) + mdia)
  }
}
