import Containers

/// One MPEG audio Layer III frame as its header and side information lay it out: how long the
/// frame is, where its main data begins (`main_data_begin`, bytes before the frame's own slot,
/// in the bit reservoir) and how long that main data is (the granules' `part2_3_length`).
struct MP3Frame: Equatable {
  /// Bytes of the header, with its CRC when it has one.
  let headerBytes: Int
  /// Bytes of side information after the header.
  let sideInfoBytes: Int
  /// Bytes of the whole frame as its header states it.
  let frameBytes: Int
  /// Bytes of main data the frame holds: its slot, after header and side information.
  var slotBytes: Int { frameBytes - headerBytes - sideInfoBytes }
  /// How many bytes before its slot the frame's main data begins.
  let mainDataBegin: Int
  /// Bytes of main data the frame's granules take.
  let mainDataBytes: Int
  /// The largest `main_data_begin` the frame can state (511 in MPEG-1, 255 in MPEG-2 and 2.5).
  let largestBegin: Int
  let isMPEG1: Bool
  let hasCRC: Bool
  /// The most bytes a header and its side information take: a CRC and MPEG-1 stereo's.
  static let largestHeaderAndSideInfo = 6 + 32

  /// Reads the header and side information at the start of `bytes`; nil unless it is a
  /// whole Layer III frame header with its side information.
  init?(_ bytes: some RandomAccessCollection<UInt8>) {
    guard bytes.count >= 4, let header = MP3FrameHeader(bytes.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }),
      header.layer == 3, let frameBytes = header.frameLength
    else { return nil }
    let mono = header.channels == 1
    isMPEG1 = header.version == .mpeg1
    hasCRC = header.hasChecksum
    self.frameBytes = frameBytes
    headerBytes = hasCRC ? 6 : 4
    sideInfoBytes = isMPEG1 ? (mono ? 17 : 32) : (mono ? 9 : 17)
    largestBegin = isMPEG1 ? 511 : 255
    guard bytes.count >= headerBytes + sideInfoBytes, frameBytes >= headerBytes + sideInfoBytes else { return nil }
    var side = BitReader(bytes.dropFirst(headerBytes).prefix(sideInfoBytes))
    mainDataBegin = side.read(isMPEG1 ? 9 : 8)
    let channels = mono ? 1 : 2
    side.skip(isMPEG1 ? (mono ? 5 : 3) + 4 * channels : (mono ? 1 : 2))
    var bits = 0
    for _ in 0..<((isMPEG1 ? 2 : 1) * channels) {
      bits += side.read(12)
      side.skip(isMPEG1 ? 47 : 51)
    }
    mainDataBytes = (bits + 7) / 8
  }

  /// `frame` (header and side information first) with its `main_data_begin` set to `begin`
  /// and, when the header has a CRC, the CRC computed again.
  func settingMainDataBegin(_ begin: Int, in frame: inout [UInt8]) {
    if isMPEG1 {
      frame[headerBytes] = UInt8(truncatingIfNeeded: begin >> 1)
      frame[headerBytes + 1] = (frame[headerBytes + 1] & 0x7F) | UInt8(truncatingIfNeeded: (begin & 1) << 7)
    } else {
      frame[headerBytes] = UInt8(truncatingIfNeeded: begin)
    }
    guard hasCRC else { return }
    // CRC-16 (polynomial 0x8005, from 0xFFFF) of the header's last two bytes and the side information.
    var crc: UInt16 = 0xFFFF
    for byte in frame[2..<4] + frame[6..<(6 + sideInfoBytes)] {
      for bit in (0..<8).reversed() {
        let carry = (crc >> 15) ^ UInt16((byte >> UInt8(bit)) & 1)
        crc = (crc << 1) ^ (carry == 1 ? 0x8005 : 0)
      }
    }
    frame[4] = UInt8(crc >> 8)
    frame[5] = UInt8(crc & 0xFF)
  }
}

/// Reads bits, most significant first.
private struct BitReader<Bytes: Collection<UInt8>> {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: Bytes) { self.bytes = Array(bytes) }

  mutating func read(_ count: Int) -> Int {
    var value = 0
    for _ in 0..<count {
      let byte = position / 8 < bytes.count ? bytes[position / 8] : 0
      value = value << 1 | Int((byte >> (7 - UInt8(position % 8))) & 1)
      position += 1
    }
    return value
  }

  mutating func skip(_ count: Int) { position += count }
}
