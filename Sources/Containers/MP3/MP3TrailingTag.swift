/// A metadata tag appended after an MP3's audio frames: ID3v1, APE, Lyrics3 or a footed ID3v2.
public struct MP3TrailingTag: Sendable, Equatable {
  /// The tag's format.
  public enum Kind: String, Sendable, Equatable {
    /// 128 bytes opening with "TAG", always last in the file.
    case id3v1 = "ID3v1"
    /// "APETAGEX" footer (version 1000), no header.
    case apev1 = "APEv1"
    /// "APETAGEX" footer (version 2000), usually with an "APETAGEX" header too.
    case apev2 = "APEv2"
    /// "LYRICSBEGIN" … "LYRICSEND", at most 5100 bytes of lyrics.
    case lyrics3v1 = "Lyrics3v1"
    /// "LYRICSBEGIN" … a six-digit size and "LYRICS200".
    case lyrics3v2 = "Lyrics3v2"
    /// An ID3v2.4 tag with a "3DI" footer, appended at the end.
    case id3v2 = "ID3v2"
  }

  /// The tag's format, found from the markers at its end.
  public var kind: Kind
  /// Where the tag lies in the file, in bytes.
  public var bytes: Range<Int64>

  /// The most tags looked for, so that crafted bytes cannot make the search long.
  private static let mostTags = 16
  /// The most lyrics a Lyrics3v1 tag holds, plus its two markers.
  private static let lyrics3v1Span: Int64 = 5100 + 11 + 9

  /// The tags that end the file, peeled off from its end, in file order; none of them reaches
  /// before `floor` (where the audio starts).
  static func findAll(in file: inout FileWindow, above floor: Int64) -> [MP3TrailingTag] {
    var tags: [MP3TrailingTag] = []
    var end = file.length
    while tags.count < mostTags, let tag = tag(endingAt: end, in: &file, isLast: tags.isEmpty),
      tag.bytes.lowerBound >= floor,
      !tag.bytes.isEmpty
    {
      tags.insert(tag, at: 0)
      end = tag.bytes.lowerBound
    }
    return tags
  }

  /// The tag whose last byte is just before `end`, if any.
  private static func tag(endingAt end: Int64, in file: inout FileWindow, isLast: Bool) -> MP3TrailingTag? {
    if isLast, end >= 128, file.bytes(at: end - 128, count: 3) == Array("TAG".utf8) {
      return MP3TrailingTag(kind: .id3v1, bytes: end - 128..<end)
    }
    if end >= 32, let tag = apeTag(endingAt: end, in: &file) { return tag }
    if end >= 9 {
      switch String(decoding: file.bytes(at: end - 9, count: 9), as: UTF8.self) {
      case "LYRICS200": return lyrics3v2Tag(endingAt: end, in: &file)
      case "LYRICSEND": return lyrics3v1Tag(endingAt: end, in: &file)
      default: break
      }
    }
    if end >= 20, let tag = footedID3v2Tag(endingAt: end, in: &file) { return tag }
    return nil
  }

  /// An APE tag whose 32-byte footer ends at `end`: "APETAGEX", version, size (items and
  /// footer), item count, flags (bit 31: a 32-byte header, also "APETAGEX", comes first).
  private static func apeTag(endingAt end: Int64, in file: inout FileWindow) -> MP3TrailingTag? {
    let footer = file.bytes(at: end - 32, count: 32)
    guard footer.count == 32, footer.prefix(8).elementsEqual("APETAGEX".utf8) else { return nil }
    let version = footer.littleEndianUInt32(at: 8)
    let size = Int64(footer.littleEndianUInt32(at: 12))
    let hasHeader = footer.littleEndianUInt32(at: 20) & 0x8000_0000 != 0
    guard size >= 32 else { return nil }
    let start = end - size - (hasHeader ? 32 : 0)
    guard start >= 0 else { return nil }
    // A footer that promises a header is believed only when the header is there, so a damaged
    // size cannot swallow audio frames.
    if hasHeader, file.bytes(at: start, count: 8) != Array("APETAGEX".utf8) { return nil }
    return MP3TrailingTag(kind: version == 1000 ? .apev1 : .apev2, bytes: start..<end)
  }

  /// A Lyrics3v2 tag ending at `end`: "LYRICSBEGIN" and fields, whose length the six digits
  /// before "LYRICS200" state.
  private static func lyrics3v2Tag(endingAt end: Int64, in file: inout FileWindow) -> MP3TrailingTag? {
    guard end >= 15 + 11, let size = Int64(String(decoding: file.bytes(at: end - 15, count: 6), as: UTF8.self)),
      size >= 11
    else { return nil }
    let start = end - 15 - size
    guard start >= 0, file.bytes(at: start, count: 11) == Array("LYRICSBEGIN".utf8) else { return nil }
    return MP3TrailingTag(kind: .lyrics3v2, bytes: start..<end)
  }

  /// A Lyrics3v1 tag ending at `end`: "LYRICSBEGIN" no more than 5100 bytes of lyrics before
  /// "LYRICSEND".
  private static func lyrics3v1Tag(endingAt end: Int64, in file: inout FileWindow) -> MP3TrailingTag? {
    let searched = max(0, end - lyrics3v1Span)..<(end - 9)
    guard let start = file.lastOffset(of: Array("LYRICSBEGIN".utf8), in: searched) else { return nil }
    return MP3TrailingTag(kind: .lyrics3v1, bytes: start..<end)
  }

  /// An ID3v2 tag whose 10-byte "3DI" footer ends at `end`.
  private static func footedID3v2Tag(endingAt end: Int64, in file: inout FileWindow) -> MP3TrailingTag? {
    let footer = file.bytes(at: end - 10, count: 10)
    guard let size = ID3v2Tag.bodySize(header: footer, magic: "3DI") else { return nil }
    let start = end - 20 - size
    guard start >= 0 else { return nil }
    return MP3TrailingTag(kind: .id3v2, bytes: start..<end)
  }
}

extension [UInt8] {
  /// The little-endian 32-bit value `offset` bytes in (the caller checks the length).
  fileprivate func littleEndianUInt32(at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { value, index in value | UInt32(self[offset + index]) << (8 * index) }
  }
}
