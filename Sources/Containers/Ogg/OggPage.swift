/// One Ogg page, as its bytes: a 27-byte header ("OggS", version 0, flags, granule position,
/// stream serial number, page sequence number, checksum, segment count), the lacing values, and
/// the body they divide into packet pieces. Every number is little-endian.
///
/// A lacing value below 255 ends a packet; a page that opens with the rest of a packet has the
/// "continued" flag.
struct OggPage {
  /// The whole page, header included.
  var bytes: [UInt8]

  static let continued: UInt8 = 1
  static let beginningOfStream: UInt8 = 2
  static let endOfStream: UInt8 = 4
  /// The granule position of a page on which no packet ends.
  static let noGranule = UInt64.max

  var flags: UInt8 { bytes[5] }
  /// The granule position: where the last packet that ends on the page ends (in sample frames for
  /// Vorbis and Opus); nil when no packet ends on it.
  var granule: Int64? {
    let value = littleEndian(at: 6, width: 8)
    return value == Self.noGranule ? nil : Int64(bitPattern: value)
  }
  var serial: UInt32 { UInt32(littleEndian(at: 14, width: 4)) }
  var sequence: UInt32 {
    get { UInt32(littleEndian(at: 18, width: 4)) }
    set { setLittleEndian(UInt64(newValue), at: 18, width: 4) }
  }
  var lacing: ArraySlice<UInt8> { bytes[27..<27 + Int(bytes[26])] }
  var body: ArraySlice<UInt8> { bytes[(27 + Int(bytes[26]))...] }

  /// Wraps bytes that `OggPageReader` found to be one whole page, or the 27-byte header of a
  /// page cut short (whose header fields alone are then read).
  init(bytes: [UInt8]) { self.bytes = bytes }

  /// A new page holding `body`, divided by `lacing`, its checksum set.
  init(flags: UInt8, granule: UInt64, serial: UInt32, sequence: UInt32, lacing: [UInt8], body: ArraySlice<UInt8>) {
    bytes = Array("OggS".utf8) + [0, flags] + [UInt8](repeating: 0, count: 20) + [UInt8(lacing.count)] + lacing + body
    setLittleEndian(granule, at: 6, width: 8)
    setLittleEndian(UInt64(serial), at: 14, width: 4)
    setLittleEndian(UInt64(sequence), at: 18, width: 4)
    setChecksum()
  }

  /// True when the stored checksum is the page's.
  var checksumMatches: Bool {
    OggCRC.checksum(ofPage: bytes) == UInt32(littleEndian(at: OggCRC.field.lowerBound, width: 4))
  }

  /// Computes and stores the checksum, after the page's bytes changed.
  mutating func setChecksum() {
    setLittleEndian(UInt64(OggCRC.checksum(ofPage: bytes)), at: OggCRC.field.lowerBound, width: 4)
  }

  private func littleEndian(at offset: Int, width: Int) -> UInt64 {
    (0..<width).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
  }

  private mutating func setLittleEndian(_ value: UInt64, at offset: Int, width: Int) {
    for index in 0..<width { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }
}
