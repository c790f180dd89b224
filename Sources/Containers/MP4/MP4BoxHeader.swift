/// One box's header and where the box lies: its type, its offset, its whole size and the size of
/// the header itself.
///
/// A box's size field counts the header; 1 means a 64-bit size follows the type, and 0 means the
/// box runs to the end of what holds it (the file, for a top-level `mdat`).
struct MP4BoxHeader: Equatable {
  var type: FourCC
  /// Where the box starts, in the file or in the buffer it was read from.
  var offset: Int64
  /// The whole box, header included.
  var size: Int64
  /// 8, or 16 with a 64-bit size.
  var headerSize: Int64

  var payloadOffset: Int64 { offset + headerSize }
  var payloadSize: Int64 { size - headerSize }
  var end: Int64 { offset + size }

  /// The most header bytes `parse` needs.
  static let longestHeader = 16

  /// Why a header could not be read.
  enum Problem: Error, Equatable {
    /// Fewer than 8 (or 16) bytes are left in the parent.
    case truncatedHeader
    /// The size is smaller than the header.
    case sizeTooSmall
    /// The box runs past the end of its parent.
    case overrunsParent
    /// The payload is shorter than the fields it must hold.
    case fieldsTooShort
  }

  /// Reads the header in `bytes` (the box's first bytes, up to 16) of a box at `offset` inside a
  /// parent that ends at `parentEnd`; with `allowingOverrun`, a box may claim to run past it.
  static func parse(
    _ bytes: [UInt8], offset: Int64, parentEnd: Int64, allowingOverrun: Bool = false
  ) throws(Problem) -> MP4BoxHeader {
    var reader = BigEndianReader(bytes)
    guard parentEnd - offset >= 8, let size32 = try? reader.uint32(), let type = try? reader.fourCC() else {
      throw .truncatedHeader
    }
    var header = MP4BoxHeader(type: type, offset: offset, size: Int64(size32), headerSize: 8)
    switch size32 {
    case 0:
      header.size = parentEnd - offset
    case 1:
      guard parentEnd - offset >= 16, let size64 = try? reader.uint64() else { throw .truncatedHeader }
      guard size64 <= UInt64(Int64.max) else { throw .overrunsParent }
      header.size = Int64(size64)
      header.headerSize = 16
    default:
      break
    }
    guard header.size >= header.headerSize else { throw .sizeTooSmall }
    guard allowingOverrun || header.size <= parentEnd - offset else { throw .overrunsParent }
    return header
  }

  /// The header bytes for a box of `type` whose payload is `payloadSize` bytes long: 8 bytes, or 16
  /// when the box is too large for a 32-bit size.
  static func encode(_ type: FourCC, payloadSize: Int) -> [UInt8] {
    let size = payloadSize + 8
    if size <= Int(UInt32.max) { return bigEndian(UInt64(size), width: 4) + type.bytes }
    return bigEndian(1, width: 4) + type.bytes + bigEndian(UInt64(payloadSize + 16), width: 8)
  }

  /// `value`'s lowest `width` bytes, most significant first.
  static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}

extension MP4BoxHeader {
  /// The boxes that fill `bytes[start..<end]`, one after another, offsets counted in `bytes`.
  static func list(in bytes: [UInt8], from start: Int, to end: Int) throws(Problem) -> [MP4BoxHeader] {
    var found: [MP4BoxHeader] = []
    var offset = start
    while end - offset >= 8 {
      let header = try parse(
        Array(bytes[offset..<min(end, offset + longestHeader)]), offset: Int64(offset), parentEnd: Int64(end))
      found.append(header)
      offset = Int(header.end)
    }
    return found
  }

  /// This box's payload, when it was listed from `bytes`.
  func payload(in bytes: [UInt8]) -> [UInt8] { Array(bytes[Int(payloadOffset)..<Int(end)]) }
}
