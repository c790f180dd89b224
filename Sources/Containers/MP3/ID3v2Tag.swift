/// The ID3v2 tags that open an MP3, which the audio follows.
///
/// A tag is a 10-byte header ("ID3", version, revision, flags, a 28-bit "syncsafe" size), its
/// body, and a 10-byte "3DI" footer when flag 0x10 is set. Some files carry several in a row.
enum ID3v2Tag {
  /// The most tags in a row that are skipped, so that crafted bytes cannot make the walk long.
  private static let mostTags = 64

  /// Where each ID3v2 tag at the start of the file lies, in order; the audio may start where the
  /// last one ends. A tag that claims to run past the end of the file ends there.
  static func leadingTags(in file: inout FileWindow) -> [Range<Int64>] {
    var tags: [Range<Int64>] = []
    var offset: Int64 = 0
    while tags.count < mostTags, offset < file.length {
      let header = file.bytes(at: offset, count: 10)
      guard let size = bodySize(header: header, magic: "ID3") else { break }
      let hasFooter = header[5] & 0x10 != 0
      let end = min(file.length, offset + 10 + size + (hasFooter ? 10 : 0))
      tags.append(offset..<end)
      offset = end
    }
    return tags
  }

  /// The body size a 10-byte header or footer states, when it opens with `magic` and is
  /// well-formed (version below 0xFF, every size byte below 0x80).
  static func bodySize(header: [UInt8], magic: String) -> Int64? {
    guard header.count == 10, header.prefix(3).elementsEqual(magic.utf8), header[3] != 0xFF, header[4] != 0xFF,
      header[6..<10].allSatisfy({ $0 < 0x80 })
    else { return nil }
    return header[6..<10].reduce(Int64(0)) { $0 << 7 | Int64($1) }
  }
}
