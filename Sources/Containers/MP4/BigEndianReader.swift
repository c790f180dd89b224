/// A cursor over big-endian bytes, the byte order of every MP4 field.
///
/// Reading past the end throws `BigEndianReader.Shortfall`; callers turn it into an `MP4Error`
/// naming the box that was too short.
struct BigEndianReader {
  /// The bytes ran out before a field did.
  struct Shortfall: Error {}

  let bytes: [UInt8]
  private(set) var position: Int

  init(_ bytes: [UInt8], at position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  var remaining: Int { bytes.count - position }

  mutating func uint8() throws(Shortfall) -> UInt8 {
    guard remaining >= 1 else { throw Shortfall() }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func uint16() throws(Shortfall) -> UInt16 { UInt16(try unsigned(2)) }

  mutating func uint32() throws(Shortfall) -> UInt32 { UInt32(try unsigned(4)) }

  mutating func uint64() throws(Shortfall) -> UInt64 { try unsigned(8) }

  mutating func int32() throws(Shortfall) -> Int32 { Int32(bitPattern: try uint32()) }

  mutating func int64() throws(Shortfall) -> Int64 { Int64(bitPattern: try uint64()) }

  mutating func fourCC() throws(Shortfall) -> FourCC { FourCC(rawValue: try uint32()) }

  /// The next `count` bytes.
  mutating func bytes(_ count: Int) throws(Shortfall) -> [UInt8] {
    guard count >= 0, remaining >= count else { throw Shortfall() }
    defer { position += count }
    return Array(bytes[position..<position + count])
  }

  /// Everything left.
  mutating func rest() -> [UInt8] {
    defer { position = bytes.count }
    return Array(bytes[position...])
  }

  mutating func skip(_ count: Int) throws(Shortfall) {
    guard count >= 0, remaining >= count else { throw Shortfall() }
    position += count
  }

  private mutating func unsigned(_ width: Int) throws(Shortfall) -> UInt64 {
    guard remaining >= width else { throw Shortfall() }
    defer { position += width }
    return bytes[position..<position + width].reduce(0) { $0 << 8 | UInt64($1) }
  }
}
