/// A Vorbis comment block, the tags of FLAC, Ogg Vorbis and Opus files: a vendor string and a list
/// of "NAME=value" fields, each preceded by its length as 32 bits, little-endian.
///
/// Fields are kept as the bytes they were read as, so one that is not valid UTF-8 survives.
struct VorbisComment: Equatable {
  var vendor: [UInt8]
  var fields: [[UInt8]]

  /// Reads the block that starts `offset` bytes into `bytes`; returns it with where it ends, or
  /// nil when a length runs past the end.
  static func read(_ bytes: [UInt8], at offset: Int) -> (comment: VorbisComment, end: Int)? {
    var position = offset
    func next() -> [UInt8]? {
      guard bytes.count - position >= 4 else { return nil }
      let length = (0..<4).reduce(0) { $0 | Int(bytes[position + $1]) << (8 * $1) }
      guard bytes.count - position - 4 >= length else { return nil }
      defer { position += 4 + length }
      return Array(bytes[position + 4..<position + 4 + length])
    }
    guard let vendor = next(), bytes.count - position >= 4 else { return nil }
    let count = (0..<4).reduce(0) { $0 | Int(bytes[position + $1]) << (8 * $1) }
    position += 4
    // Each field takes at least its 4-byte length, which bounds a damaged count.
    guard count <= (bytes.count - position) / 4 else { return nil }
    var fields: [[UInt8]] = []
    for _ in 0..<count {
      guard let field = next() else { return nil }
      fields.append(field)
    }
    return (VorbisComment(vendor: vendor, fields: fields), position)
  }

  var encoded: [UInt8] {
    var bytes = Self.littleEndian(vendor.count) + vendor + Self.littleEndian(fields.count)
    for field in fields { bytes += Self.littleEndian(field.count) + field }
    return bytes
  }

  /// Removes every field whose name is in `names` (capitals; field names are compared without
  /// regard to case), then appends `newFields`.
  mutating func replaceFields(named names: Set<String>, with newFields: [(name: String, value: String)]) {
    fields.removeAll { field in
      let name = field.prefix { $0 != UInt8(ascii: "=") }
      return names.contains(String(decoding: name, as: UTF8.self).uppercased())
    }
    fields += newFields.map { Array("\($0.name)=\($0.value)".utf8) }
  }

  private static func littleEndian(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
