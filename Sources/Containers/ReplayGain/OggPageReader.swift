/// Reads an Ogg file page after page through one bounded buffer.
struct OggPageReader {
  let file: TaggedFile
  /// Where the next page starts.
  private(set) var offset: Int64
  private var window: [UInt8] = []
  private var windowStart: Int64

  /// Bytes read at a time.
  private static let chunk = 4 << 20

  init(_ file: TaggedFile, from offset: Int64 = 0) {
    self.file = file
    self.offset = offset
    windowStart = offset
  }

  /// The next page; nil at the end of the file. Bytes that are not a page, a page cut off by the
  /// end of the file, or one that fails its checksum make the file damaged.
  mutating func next() throws(ReplayGainTagError) -> OggPage? {
    guard offset < file.length else { return nil }
    let header = try bytes(27)
    guard header.starts(with: "OggS".utf8), header[4] == 0 else {
      throw .damaged(path: file.path, reason: "no Ogg page starts at byte \(offset)")
    }
    let withLacing = try bytes(27 + Int(header[26]))
    let length = withLacing.count + withLacing[27...].reduce(0) { $0 + Int($1) }
    let page = OggPage(bytes: try bytes(length))
    guard page.checksumMatches else {
      throw .damaged(path: file.path, reason: "its Ogg page at byte \(offset) fails its checksum")
    }
    offset += Int64(length)
    return page
  }

  /// The `count` bytes from `offset`.
  private mutating func bytes(_ count: Int) throws(ReplayGainTagError) -> [UInt8] {
    let start = Int(offset - windowStart)
    if start + count > window.count {
      let kept = window[min(start, window.count)...]
      let more = try file.read(at: windowStart + Int64(window.count), count: max(Self.chunk, count))
      window = Array(kept) + more
      windowStart = offset
      guard count <= window.count else {
        throw .damaged(path: file.path, reason: "its Ogg page at byte \(offset) is cut off by the end of the file")
      }
      return Array(window[0..<count])
    }
    return Array(window[start..<start + count])
  }
}
