import CKernels

/// Renumbers a FLAC frame of a fixed-block-size stream: the frame number in its header (coded
/// as in UTF-8, so its length may change), the header's CRC-8 and the frame's CRC-16.
///
/// Frames encoded apart (a segment of the output each) number themselves from 0; renumbered
/// from where their segment starts, they are the frames one encoder would have written.
enum FLACFrameNumber {
  /// `frame`, one whole frame as FFmpeg's encoder gives it, numbered `number`; nil when the
  /// bytes are not a frame of a fixed-block-size stream.
  static func renumbered(_ frame: UnsafeBufferPointer<UInt8>, as number: Int64) -> [UInt8]? {
    guard frame.count > 6, frame[0] == 0xFF, frame[1] == 0xF8, let oldLength = codedLength(firstByte: frame[4]) else { return nil }
    let blockSizeCode = frame[2] >> 4, rateCode = frame[2] & 0x0F
    let extra = (blockSizeCode == 6 ? 1 : blockSizeCode == 7 ? 2 : 0) + (rateCode == 12 ? 1 : rateCode == 13 || rateCode == 14 ? 2 : 0)
    let crc8At = 4 + oldLength + extra
    guard frame.count > crc8At + 2, let coded = coded(number) else { return nil }
    let body = UnsafeBufferPointer(rebasing: frame[(crc8At + 1)..<(frame.count - 2)])
    let headerLength = 4 + coded.count + extra
    let count = headerLength + 1 + body.count + 2
    return [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
      let base = bytes.baseAddress!
      base.update(from: frame.baseAddress!, count: 4)
      (base + 4).update(from: coded, count: coded.count)
      (base + 4 + coded.count).update(from: frame.baseAddress! + 4 + oldLength, count: extra)
      base[headerLength] = crc8(UnsafeBufferPointer(start: base, count: headerLength))
      (base + headerLength + 1).update(from: body.baseAddress!, count: body.count)
      let crc16 = segue_flac_crc16(base, count - 2)
      base[count - 2] = UInt8(crc16 >> 8)
      base[count - 1] = UInt8(crc16 & 0xFF)
      initialized = count
    }
  }

  /// How many bytes a coded number takes, from its first byte; nil for a byte no number starts with.
  private static func codedLength(firstByte byte: UInt8) -> Int? {
    let leadingOnes = (~byte).leadingZeroBitCount
    switch leadingOnes {
    case 0: return 1
    case 2...6: return leadingOnes
    default: return nil
    }
  }

  /// `number` coded as FLAC codes frame numbers (UTF-8's scheme, up to 31 bits).
  static func coded(_ number: Int64) -> [UInt8]? {
    guard number >= 0 else { return nil }
    if number < 0x80 { return [UInt8(number)] }
    for length in 2...6 where number < Int64(1) << (5 * length + 1) {
      var bytes = [UInt8](repeating: 0x80, count: length)
      var rest = number
      for index in stride(from: length - 1, through: 1, by: -1) {
        bytes[index] |= UInt8(rest & 0x3F)
        rest >>= 6
      }
      bytes[0] = UInt8((0xFF00 >> length) & 0xFF) | UInt8(rest)
      return bytes
    }
    return nil
  }

  /// The header's CRC-8 (polynomial x^8 + x^2 + x + 1, from 0).
  private static func crc8(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
    var crc: UInt8 = 0
    for byte in bytes {
      crc ^= byte
      for _ in 0..<8 { crc = crc & 0x80 != 0 ? (crc << 1) ^ 0x07 : crc << 1 }
    }
    return crc
  }
}
