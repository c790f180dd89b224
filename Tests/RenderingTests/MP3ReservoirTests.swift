import Testing

@testable import FFmpegAudio

/// MP3 frames from two encoders laid into one bit reservoir: every frame's main data is where
/// its `main_data_begin` says, whatever the reservoir each encoder left.
@Suite struct MP3ReservoirTests {
  /// An MPEG-1 Layer III stereo frame at `kbps` (44.1 kHz, no CRC, no padding) whose main data,
  /// `mainData` bytes, begins `begin` bytes before its slot; its slot is left empty.
  static func frame(kbps: Int, begin: Int, mainData: Int) -> [UInt8] {
    let index = UInt8([32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320].firstIndex(of: kbps)! + 1)
    var bits = BitWriter()
    bits.write(begin, 9)
    bits.write(0, 3 + 8)
    var left = mainData * 8
    for _ in 0..<4 {
      let part = min(left, 4095)
      bits.write(part, 12)
      bits.write(0, 47)
      left -= part
    }
    let frameBytes = 144 * kbps * 1000 / 44_100
    return [0xFF, 0xFB, index << 4, 0x00] + bits.bytes + [UInt8](repeating: 0, count: frameBytes - 36)
  }

  /// Frames as one encoder lays them, and each one's main data: `sizes` bytes (counting from
  /// `fill`, different in every frame), each right after the one before, or 511 bytes before
  /// its slot when that is later.
  static func encoder(kbps: Int, sizes: [Int], fill: UInt8) -> (frames: [[UInt8]], mainData: [[UInt8]]) {
    let slot = 144 * kbps * 1000 / 44_100 - 36
    var frames: [[UInt8]] = []
    var mainData: [[UInt8]] = []
    var end = 0
    for (number, size) in sizes.enumerated() {
      let slotStart = frames.count * slot
      let begin = max(end, slotStart - 511)
      precondition(begin + size <= slotStart + slot)
      frames.append(frame(kbps: kbps, begin: slotStart - begin, mainData: size))
      mainData.append((0..<size).map { fill &+ UInt8(truncatingIfNeeded: number &* 7 &+ $0 % 5) })
      // Write the main data into the slots it spans.
      for (offset, byte) in mainData[number].enumerated() {
        let position = begin + offset
        frames[position / slot][36 + position % slot] = byte
      }
      end = begin + size
    }
    return (frames, mainData)
  }

  /// A segment of `frames` (already unpacked), its last `spare` frames given as spares.
  static func segment(_ frames: [[UInt8]], spare: Int = 0, firstPTS: Int64 = 0) -> EncodedSegment {
    let packets = frames.enumerated().map { EncodedSegment.Packet(bytes: $1, pts: firstPTS + Int64($0) * 1152, duration: 1152, skippedSamples: nil) }
    return EncodedSegment(packets: Array(packets.dropLast(spare)), spare: Array(packets.suffix(spare)), frameCount: 0)
  }

  @Test func aFrameThatFindsLessReservoirThanItsEncoderGaveItDoesNotFit() throws {
    // Slots of 381 bytes. The first encoder ends with its reservoir full: its last two frames'
    // main data fill their slots to the end.
    let first = Self.encoder(kbps: 128, sizes: [200, 381, 500, 443, 381], fill: 1)
    // The second's first frame after its pre-roll reaches 300 bytes back, into a reservoir the
    // first encoder left full, and there are no spare frames to move the join onto: it does not
    // fit, and nothing of it is laid (`SeamlessRun` encodes across such a join).
    let second = Self.encoder(kbps: 128, sizes: [81, 681, 200, 100], fill: 101)
    let secondFrames = try #require(MP3MainData.unpacked(second.frames)).dropFirst()
    let reservoir = MP3Reservoir()
    var written: [[UInt8]] = []
    try reservoir.add(Self.segment(try #require(MP3MainData.unpacked(first.frames)))) { written.append($0.packet.bytes) }
    let later = Self.segment(Array(secondFrames), firstPTS: 5 * 1152)
    #expect(!reservoir.fits(later))
    #expect(throws: MP3ReservoirError.self) { try reservoir.add(later) { written.append($0.packet.bytes) } }
    try reservoir.finish { written.append($0.packet.bytes) }
    #expect(written.count == 5 && reservoir.joinsMoved == 0)
    let mainData = try #require(MP3MainData.unpacked(written)).map { Array($0.dropFirst(36)) }
    #expect(mainData == first.mainData)
  }

  @Test func aJoinMovesOntoSpareFramesWhenTheyLeaveRoom() throws {
    // The first encoder's own two frames fill the reservoir; its three spare frames free it.
    let first = Self.encoder(kbps: 128, sizes: [381, 381, 100, 50, 50], fill: 1)
    // The second's frames after its pre-roll (from the third) each reach 511 bytes back: only
    // after two spare frames does the reservoir have room for the first of them.
    let second = Self.encoder(kbps: 128, sizes: [10, 10, 10, 210, 300, 40], fill: 101)
    let reservoir = MP3Reservoir()
    var written: [[UInt8]] = []
    let secondFrames = try #require(MP3MainData.unpacked(second.frames)).dropFirst(2)
    try reservoir.add(Self.segment(try #require(MP3MainData.unpacked(first.frames)), spare: 3)) { written.append($0.packet.bytes) }
    try reservoir.add(Self.segment(Array(secondFrames), firstPTS: 2 * 1152)) { written.append($0.packet.bytes) }
    try reservoir.finish { written.append($0.packet.bytes) }

    #expect(reservoir.joinsMoved == 1)
    let mainData = try #require(MP3MainData.unpacked(written)).map { Array($0.dropFirst(36)) }
    #expect(mainData == Array(first.mainData.prefix(4) + second.mainData.suffix(2)))
  }
}

/// Writes bits, most significant first.
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private var count = 0

  mutating func write(_ value: Int, _ width: Int) {
    for bit in (0..<width).reversed() {
      if count % 8 == 0 { bytes.append(0) }
      bytes[bytes.count - 1] |= UInt8((value >> bit) & 1) << (7 - UInt8(count % 8))
      count += 1
    }
  }
}
