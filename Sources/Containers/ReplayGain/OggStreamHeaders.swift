/// The header packets that open an Ogg Vorbis or Ogg Opus stream, and the pages they lie on.
///
/// The identification header has the first page to itself; the others (Vorbis: comment and setup;
/// Opus: OpusTags) follow on pages of their own, and the first audio packet starts a new page.
struct OggStreamHeaders {
  enum Codec {
    case vorbis, opus

    /// How many header packets follow the identification header.
    var laterHeaderCount: Int { self == .vorbis ? 2 : 1 }
  }

  var codec: Codec
  /// The page holding the identification header.
  var firstPage: OggPage
  /// The pages holding the later header packets.
  var pages: [OggPage]
  /// The later header packets, in order: the comment header first.
  var packets: [[UInt8]]

  /// Reads the headers from the start of `reader`'s file; the reader is left at the first audio
  /// page.
  static func read(_ reader: inout OggPageReader) throws(ReplayGainTagError) -> OggStreamHeaders {
    let path = reader.file.path
    guard let first = try reader.next() else { throw .damaged(path: path, reason: "it holds no Ogg page") }
    guard first.flags & OggPage.beginningOfStream != 0, first.lacing.last.map({ $0 < 255 }) ?? false,
      first.lacing.dropLast().allSatisfy({ $0 == 255 })
    else {
      throw .unsupported(path: path, reason: "its first Ogg page does not hold exactly one stream's first packet")
    }
    let codec: Codec
    if first.body.starts(with: [1] + Array("vorbis".utf8)) {
      codec = .vorbis
    } else if first.body.starts(with: "OpusHead".utf8) {
      codec = .opus
    } else {
      throw .unsupported(path: path, reason: "it is an Ogg file holding neither Vorbis nor Opus audio")
    }
    var headers = OggStreamHeaders(codec: codec, firstPage: first, pages: [], packets: [])
    var partial: [UInt8] = []
    while headers.packets.count < codec.laterHeaderCount {
      guard let page = try reader.next() else { throw .damaged(path: path, reason: "it ends inside its Ogg headers") }
      guard page.serial == first.serial, page.flags & OggPage.beginningOfStream == 0 else {
        throw .unsupported(path: path, reason: "it holds more than one Ogg stream")
      }
      var position = page.body.startIndex
      for value in page.lacing {
        partial += page.body[position..<position + Int(value)]
        position += Int(value)
        if value < 255 {
          headers.packets.append(partial)
          partial = []
        }
      }
      headers.pages.append(page)
    }
    guard headers.packets.count == codec.laterHeaderCount, partial.isEmpty else {
      throw .unsupported(path: path, reason: "its first audio packet starts on a page that holds headers")
    }
    return headers
  }

  /// Pages holding `packets` in place of the later headers: as many pages as before when they
  /// fit (so no page after them is renumbered), numbered on from the first page. As libogg does,
  /// a page on which a header ends has granule position 0, and one on which none ends has none.
  func paginate(_ packets: [[UInt8]]) -> [OggPage] {
    let lacing = packets.flatMap { [UInt8](repeating: 255, count: $0.count / 255) + [UInt8($0.count % 255)] }
    let body = Array(packets.joined())
    let count = min(max((lacing.count + 254) / 255, pages.count), lacing.count)
    var result: [OggPage] = []
    var segment = 0
    var position = 0
    for index in 0..<count {
      let values = Array(lacing[segment..<segment + min(255, lacing.count - segment - (count - 1 - index))])
      let size = values.reduce(0) { $0 + Int($1) }
      var flags = segment > 0 && lacing[segment - 1] == 255 ? OggPage.continued : 0
      if index == count - 1 { flags |= pages[pages.count - 1].flags & OggPage.endOfStream }
      result.append(
        OggPage(
          flags: flags, granule: values.contains { $0 < 255 } ? 0 : OggPage.noGranule, serial: firstPage.serial,
          sequence: pages[0].sequence &+ UInt32(index), lacing: values, body: body[position..<position + size]))
      segment += values.count
      position += size
    }
    return result
  }
}
