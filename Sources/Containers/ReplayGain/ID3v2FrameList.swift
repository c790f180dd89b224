/// The frames of an ID3v2.3 or ID3v2.4 tag, read to be changed and written again.
///
/// Frames are kept as the bytes they were read as. A frame header is a 4-character ID, a size
/// (plain 32 bits in 2.3, "syncsafe" 7 bits a byte in 2.4) and two flag bytes; zeros after the
/// last frame are padding. An extended header is dropped (its CRC would no longer match), and a
/// 2.3 tag that is unsynchronized as a whole is undone, so the tag is written without both.
struct ID3v2FrameList {
  /// 3 or 4.
  var version: UInt8
  /// The header's flags, less unsynchronization in 2.3 and the extended header.
  var flags: UInt8
  var frames: [[UInt8]]

  static let footerFlag: UInt8 = 0x10
  private static let unsynchronizedFlag: UInt8 = 0x80
  private static let extendedHeaderFlag: UInt8 = 0x40

  /// An empty ID3v2.4 tag, for a file that has none.
  init() {
    version = 4
    flags = 0
    frames = []
  }

  /// Reads the whole tag in `tag` (header, body, and footer when flagged) of the file at `path`.
  init(_ tag: [UInt8], path: String) throws(ReplayGainTagError) {
    version = tag[3]
    guard version == 3 || version == 4 else {
      throw .unsupported(path: path, reason: "its ID3v2.\(version) tag is of a version the writer does not change")
    }
    flags = tag[5] & ~Self.extendedHeaderFlag
    frames = []
    var body = Array(tag[10..<tag.count - (tag[5] & Self.footerFlag != 0 ? 10 : 0)])
    if version == 3 && tag[5] & Self.unsynchronizedFlag != 0 {
      body = Self.synchronized(body)
      flags &= ~Self.unsynchronizedFlag
    }
    var position = 0
    if tag[5] & Self.extendedHeaderFlag != 0 {
      position = size(body, at: 0).map { version == 3 ? 4 + $0 : $0 } ?? body.count + 1
    }
    while position + 10 <= body.count, body[position] != 0 {
      guard body[position..<position + 4].allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }),
        let size = size(body, at: position + 4), body.count - position - 10 >= size
      else { break }
      frames.append(Array(body[position..<position + 10 + size]))
      position += 10 + size
    }
    guard position <= body.count, body[position...].allSatisfy({ $0 == 0 }) else {
      throw .damaged(path: path, reason: "its ID3v2 tag holds neither a frame nor padding at byte \(10 + position)")
    }
  }

  /// Removes every TXXX frame whose description is in `names` (capitals; compared without regard
  /// to case), then appends one for each of `fields`, as ISO-8859-1 text.
  mutating func replaceUserTextFrames(named names: Set<String>, with fields: [(name: String, value: String)]) {
    let (version, flags) = (version, flags)
    frames.removeAll { frame in
      frame.starts(with: "TXXX".utf8)
        && Self.userTextDescription(frame, version: version, tagFlags: flags).map { names.contains($0.uppercased()) }
          ?? false
    }
    for field in fields {
      let content = [0] + Array(field.name.utf8) + [0] + Array(field.value.utf8)
      frames.append(Array("TXXX".utf8) + sizeBytes(content.count) + [0, 0] + content)
    }
  }

  /// The whole tag: header, frames, zeros to make the body `bodySize` bytes long when given, and the
  /// footer when flagged.
  func encoded(bodySize: Int? = nil) -> [UInt8] {
    let framesBytes = frames.flatMap { $0 }
    let size = bodySize ?? framesBytes.count
    let header = [version, 0, flags] + Self.syncsafe(size)
    var tag = Array("ID3".utf8) + header + framesBytes + [UInt8](repeating: 0, count: size - framesBytes.count)
    if hasFooter { tag += Array("3DI".utf8) + header }
    return tag
  }

  /// The length of every frame together.
  var framesLength: Int { frames.reduce(0) { $0 + $1.count } }

  /// True when the tag ends with a footer (a copy of its header, starting "3DI").
  var hasFooter: Bool { flags & Self.footerFlag != 0 }

  /// The description of a TXXX frame; nil when it is compressed or encrypted, or too short. In 2.4
  /// a frame is unsynchronized when its own flag or the tag's says so.
  private static func userTextDescription(_ frame: [UInt8], version: UInt8, tagFlags: UInt8) -> String? {
    let format = frame[9]
    var content = Array(frame[10...])
    if version == 3 {
      guard format & 0xC0 == 0 else { return nil }
      if format & 0x20 != 0 { content.removeFirst(min(1, content.count)) }
    } else {
      guard format & 0x0C == 0 else { return nil }
      content.removeFirst(min((format & 0x40 != 0 ? 1 : 0) + (format & 0x01 != 0 ? 4 : 0), content.count))
      if format & 0x02 != 0 || tagFlags & unsynchronizedFlag != 0 { content = synchronized(content) }
    }
    guard let encoding = content.first else { return nil }
    let text = content.dropFirst()
    switch encoding {
    case 1, 2:
      var units: [UInt16] = []
      var index = text.startIndex
      while index + 1 < text.endIndex, text[index] != 0 || text[index + 1] != 0 {
        units.append(UInt16(text[index]) << 8 | UInt16(text[index + 1]))
        index += 2
      }
      if units.first == 0xFFFE { units = units.map(\.byteSwapped) }
      return String(decoding: units.drop { $0 == 0xFEFF }, as: UTF16.self)
    default:
      return String(decoding: text.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The frame or extended-header size at `offset`: syncsafe in 2.4, plain in 2.3.
  private func size(_ bytes: [UInt8], at offset: Int) -> Int? {
    guard offset + 4 <= bytes.count else { return nil }
    let field = bytes[offset..<offset + 4]
    if version == 3 { return field.reduce(0) { $0 << 8 | Int($1) } }
    guard field.allSatisfy({ $0 < 0x80 }) else { return nil }
    return field.reduce(0) { $0 << 7 | Int($1) }
  }

  private func sizeBytes(_ size: Int) -> [UInt8] {
    version == 3 ? (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * (3 - $0))) } : Self.syncsafe(size)
  }

  static func syncsafe(_ size: Int) -> [UInt8] { (0..<4).map { UInt8(size >> (7 * (3 - $0)) & 0x7F) } }

  /// `bytes` with unsynchronization undone: each 0xFF 0x00 becomes 0xFF.
  private static func synchronized(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    for (index, byte) in bytes.enumerated() where !(byte == 0 && index > 0 && bytes[index - 1] == 0xFF) {
      result.append(byte)
    }
    return result
  }
}
