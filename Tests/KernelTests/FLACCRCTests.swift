import AudioTestSupport
import CKernels
import Testing

/// FLAC's frame CRC (`segue_flac_crc16`, sixteen bytes per step): the catalogue's check value, a
/// plain bit-by-bit CRC's value for every length and starting byte around the step, and 0 over
/// bytes followed by their own CRC, which is how a decoder finds a frame intact.
@Suite struct FLACCRCTests {
  /// CRC-16/UMTS, the CRC of FLAC frames, bit by bit: the definition the kernel must meet.
  static func bitByBit(_ bytes: ArraySlice<UInt8>) -> UInt16 {
    var crc: UInt16 = 0
    for byte in bytes {
      crc ^= UInt16(byte) << 8
      for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x8005 : crc << 1 }
    }
    return crc
  }

  static func kernel(_ bytes: ArraySlice<UInt8>) -> UInt16 {
    bytes.withUnsafeBufferPointer { segue_flac_crc16($0.baseAddress, $0.count) }
  }

  @Test func theCatalogueCheckValue() {
    #expect(Self.kernel(Array("123456789".utf8)[...]) == 0xFEE8)
    #expect(Self.kernel([]) == 0)
  }

  @Test func matchesTheBitByBitCRCAtEveryLengthAndStart() {
    var random = SeededRandom(seed: 11)
    let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &random) }
    for start in 0..<5 {
      for length in 0...(3 * 16 + 5) {
        let slice = bytes[start..<(start + length)]
        #expect(Self.kernel(slice) == Self.bitByBit(slice), "start \(start), length \(length)")
      }
    }
    #expect(Self.kernel(bytes[1...]) == Self.bitByBit(bytes[1...]))
  }

  @Test func bytesFollowedByTheirCRCGiveZero() {
    var random = SeededRandom(seed: 12)
    for length in [1, 15, 16, 17, 4_093] {
      var frame = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let crc = Self.kernel(frame[...])
      frame += [UInt8(crc >> 8), UInt8(crc & 0xFF)]
      #expect(Self.kernel(frame[...]) == 0)
      frame[length / 2] ^= 0x10
      #expect(Self.kernel(frame[...]) != 0)
    }
  }
}
