/// Tags that players and taggers append to (or put before) audio files, built byte by byte for
/// tests: APE, ID3v1, Lyrics3 and ID3v2.
public enum AudioTags {
  /// An APEv2 tag of exactly `length` bytes: header, one "Comment" item filling the rest, footer.
  public static func apev2Tag(length: Int = 3072) -> [UInt8] {
    let key = Array("Comment".utf8) + [0]
    let value = [UInt8](repeating: UInt8(ascii: "x"), count: length - 64 - 8 - key.count)
    let item = littleEndian(UInt32(value.count)) + littleEndian(0) + key + value
    let size = UInt32(item.count + 32)
    let header =
      Array("APETAGEX".utf8) + littleEndian(2000) + littleEndian(size) + littleEndian(1)
      + littleEndian(0xA000_0000) + [UInt8](repeating: 0, count: 8)
    let footer =
      Array("APETAGEX".utf8) + littleEndian(2000) + littleEndian(size) + littleEndian(1)
      + littleEndian(0x8000_0000) + [UInt8](repeating: 0, count: 8)
    return header + item + footer
  }

  /// An APEv1 tag: one item and a footer, no header (version 1000).
  public static func apev1Tag() -> [UInt8] {
    let item = littleEndian(5) + littleEndian(0) + Array("Title".utf8) + [0] + Array("hello".utf8)
    return item + Array("APETAGEX".utf8) + littleEndian(1000) + littleEndian(UInt32(item.count + 32)) + littleEndian(1)
      + littleEndian(0) + [UInt8](repeating: 0, count: 8)
  }

  /// A 128-byte ID3v1 tag.
  public static func id3v1Tag() -> [UInt8] {
    var tag = Array("TAG".utf8) + fixed("A title", 30) + fixed("An artist", 30) + fixed("An album", 30)
    tag += Array("2024".utf8) + fixed("A comment", 30) + [12]
    return tag
  }

  /// A Lyrics3v2 block: "LYRICSBEGIN", an IND and a LYR field, the six-digit size, "LYRICS200".
  public static func lyrics3v2Tag() -> [UInt8] {
    let body =
      Array("LYRICSBEGIN".utf8) + Array("IND00002".utf8) + Array("10".utf8) + Array("LYR00011".utf8)
      + Array("[00:01]la la".utf8).prefix(11)
    return body + Array(String(format: "%06d", body.count).utf8) + Array("LYRICS200".utf8)
  }

  /// A Lyrics3v1 block: "LYRICSBEGIN", lyrics, "LYRICSEND".
  public static func lyrics3v1Tag() -> [UInt8] {
    Array("LYRICSBEGIN".utf8) + Array("la la la\r\nla".utf8) + Array("LYRICSEND".utf8)
  }

  /// An ID3v2.4 tag whose body is `body`, with a "3DI" footer when `footer` is set.
  public static func id3v2Tag(body: [UInt8], footer: Bool) -> [UInt8] {
    let size = UInt32(body.count)
    let syncsafe = (0..<4).map { UInt8((size >> (7 * (3 - $0))) & 0x7F) }
    let header = Array("ID3".utf8) + [4, 0, footer ? 0x10 : 0] + syncsafe
    return header + body + (footer ? Array("3DI".utf8) + [4, 0, 0x10] + syncsafe : [])
  }

  /// `value` as four little-endian bytes.
  public static func littleEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

  /// `text` padded with zeros to `length` bytes.
  private static func fixed(_ text: String, _ length: Int) -> [UInt8] {
    Array(text.utf8.prefix(length)) + [UInt8](repeating: 0, count: max(0, length - text.utf8.count))
  }
}
