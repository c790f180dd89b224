/// The checksum in every Ogg page header: CRC-32 with the polynomial 0x04C11DB7, not reflected,
/// starting from 0 with no final inversion, over the whole page with its checksum field as zeros.
enum OggCRC {
  private static let table: [UInt32] = (0..<256).map { index in
    (0..<8).reduce(UInt32(index) << 24) { crc, _ in crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1 }
  }

  /// Where the checksum lies in a page.
  static let field = 22..<26

  /// The checksum of the page `page`, whatever its checksum field holds.
  static func checksum(ofPage page: [UInt8]) -> UInt32 {
    table.withUnsafeBufferPointer { table in
      page.withUnsafeBufferPointer { page in
        var crc: UInt32 = 0
        for byte in page[..<field.lowerBound] { crc = crc << 8 ^ table[Int(crc >> 24 ^ UInt32(byte))] }
        for _ in field { crc = crc << 8 ^ table[Int(crc >> 24)] }
        for byte in page[field.upperBound...] { crc = crc << 8 ^ table[Int(crc >> 24 ^ UInt32(byte))] }
        return crc
      }
    }
  }
}
