/// How an Ogg file ends, read from its last pages: with a page that marks the end of its stream,
/// with whole pages none of which does (a stream recording, stopped), or inside a page cut short.
///
/// Only the file's tail is read: a page cut short starts within one page's largest size of the
/// end, so the last whole page starts within two.
public struct OggEnding: Sendable, Equatable, Codable {
  /// Which of the three endings the file's last pages show.
  public enum Kind: String, Sendable, Equatable, Codable {
    /// The last page is whole and marks the end of its stream.
    case endOfStream
    /// The last page is whole but does not mark the end of its stream: the file may have been
    /// cut at a page boundary, or be a recording of a stream that was stopped.
    case unmarked
    /// The last page is cut short: its header or its body runs past the end of the file.
    case cutShort
  }

  /// How the file ends: marked, unmarked, or inside a page cut short.
  public var kind: Kind
  /// For a file cut short, the audio its cut page held: the granule positions (sample frames, for
  /// Vorbis and Opus) from the last whole page's to the cut one's; nil when the cut page's header
  /// is cut too, states no position, or belongs to another stream.
  public var missingGranules: Int64?

  /// An ending of `kind`; `missingGranules` is the audio a cut page held, nil when unknown or not cut.
  public init(kind: Kind, missingGranules: Int64? = nil) {
    self.kind = kind
    self.missingGranules = missingGranules
  }

  /// What the user should be told of an ending in doubt: one not marked, or one cut short by an
  /// unknown amount (a known amount is reported as the frames missing).
  public var note: String? {
    switch kind {
    case .endOfStream: nil
    case .unmarked: "its last Ogg page does not mark the end of its stream, so the file may be cut short"
    case .cutShort: missingGranules == nil ? "its last Ogg page is cut short; how much audio it held is unknown" : nil
    }
  }

  /// The most bytes one page takes: a 27-byte header and 255 lacing values of 255.
  static let largestPage = 27 + 255 + 255 * 255
  /// Capture patterns tried from the end before giving up, so that bytes full of false ones cost
  /// a bounded time.
  static let candidatesTried = 64

  /// Reads the end of the file at `path`; nil when it cannot be read or no whole page lies near
  /// its end.
  public static func read(path: String) -> OggEnding? {
    guard let file = try? RandomAccessFile<FileAccessError>(path: path) else { return nil }
    let start = max(0, file.length - Int64(2 * largestPage))
    guard let tail = try? file.read(at: start, count: Int(file.length - start)) else { return nil }
    return read(tail: tail)
  }

  /// The ending of a file whose last bytes are `tail`; nil when no whole page lies in it.
  static func read(tail: [UInt8]) -> OggEnding? {
    var tried = 0
    for offset in stride(from: tail.count - 4, through: 0, by: -1) where tail[offset..<(offset + 4)].elementsEqual(capture) {
      if let page = wholePage(in: tail, at: offset) { return ending(after: page.page, at: page.end, in: tail) }
      tried += 1
      if tried == candidatesTried { break }
    }
    return nil
  }

  private static let capture = Array("OggS".utf8)
  private static let headerLength = 27

  /// The whole page at `offset`, checksum intact, and where it ends; nil if there is none.
  private static func wholePage(in bytes: [UInt8], at offset: Int) -> (page: OggPage, end: Int)? {
    guard offset + headerLength <= bytes.count, bytes[offset..<(offset + 4)].elementsEqual(capture), bytes[offset + 4] == 0 else {
      return nil
    }
    let lacingEnd = offset + headerLength + Int(bytes[offset + 26])
    guard lacingEnd <= bytes.count else { return nil }
    let end = lacingEnd + bytes[(offset + headerLength)..<lacingEnd].reduce(0) { $0 + Int($1) }
    guard end <= bytes.count else { return nil }
    let page = OggPage(bytes: Array(bytes[offset..<end]))
    return page.checksumMatches ? (page, end) : nil
  }

  /// The ending after the whole page `page`, which ends at `offset`: the pages that follow it,
  /// and then the end of the file, a page cut short, or bytes that are no page.
  private static func ending(after page: OggPage, at offset: Int, in bytes: [UInt8]) -> OggEnding {
    var (last, offset) = (page, offset)
    while let next = wholePage(in: bytes, at: offset) { (last, offset) = next }
    let whole = OggEnding(kind: last.flags & OggPage.endOfStream != 0 ? .endOfStream : .unmarked)
    let rest = bytes[offset...]
    guard !rest.isEmpty, rest.prefix(4).elementsEqual(capture.prefix(rest.count)), rest.count < 5 || rest[offset + 4] == 0 else {
      // Bytes after the last page that are not one: no page is cut there.
      return whole
    }
    guard rest.count >= headerLength else { return OggEnding(kind: .cutShort) }
    let cut = OggPage(bytes: Array(rest.prefix(headerLength)))
    let lacingEnd = offset + headerLength + Int(cut.bytes[26])
    // A page whose bytes are all here failed its checksum: damaged, not cut.
    guard lacingEnd > bytes.count || lacingEnd + bytes[(offset + headerLength)..<lacingEnd].reduce(0, { $0 + Int($1) }) > bytes.count else {
      return whole
    }
    guard cut.serial == last.serial, let end = cut.granule, let start = last.granule, end >= start, start >= 0 else {
      return OggEnding(kind: .cutShort)
    }
    return OggEnding(kind: .cutShort, missingGranules: end - start)
  }
}
