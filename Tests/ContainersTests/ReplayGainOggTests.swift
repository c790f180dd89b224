import AudioTestSupport
import Containers
import Foundation
import Testing

/// Ogg Vorbis and Opus files: the comment header changes, the audio pages keep their bytes, or,
/// when the headers need another page, their granule positions, with new sequence numbers and
/// checksums that the ffmpeg CLI and SoX accept.
@Suite("ReplayGain tags in Ogg")
struct ReplayGainOggTests {
  let folder = TemporaryFolder("replaygain-ogg")

  /// One page's fields, read here apart from the writer.
  struct Page {
    var flags: UInt8
    var granule: UInt64
    var sequence: UInt32
    var lacing: [UInt8]
  }

  static func pages(_ bytes: [UInt8]) -> [Page] {
    var pages: [Page] = []
    var offset = 0
    func number(_ at: Int, _ width: Int) -> UInt64 {
      (0..<width).reduce(0) { $0 | UInt64(bytes[offset + at + $1]) << (8 * $1) }
    }
    while offset + 27 <= bytes.count {
      let lacing = Array(bytes[offset + 27..<offset + 27 + Int(bytes[offset + 26])])
      pages.append(Page(flags: bytes[offset + 5], granule: number(6, 8), sequence: UInt32(number(18, 4)), lacing: lacing))
      offset += 27 + lacing.count + lacing.reduce(0) { $0 + Int($1) }
    }
    return pages
  }

  /// Lacing values a packet of `size` bytes takes.
  static func segments(_ size: Int) -> Int { size / 255 + 1 }

  /// A comment header made to fill its page to the last of its 255 lacing values, so that the
  /// ReplayGain fields push the setup header's end onto a new page and every later page is
  /// renumbered.
  @Test func headersThatOutgrowTheirPageRenumberTheRest() throws {
    // The sizes of the comment and setup headers with a one-letter comment, from page 1's lacing.
    let short = try ReplayGainTestFiles.make(.vorbis, in: folder, extra: ["-metadata", "comment=x"])
    let probe = Self.pages(ReplayGainTestFiles.bytes(short))[1]
    let commentSegments = probe.lacing.firstIndex { $0 < 255 }! + 1
    let commentSize = probe.lacing.prefix(commentSegments).reduce(0) { $0 + Int($1) }
    let setupSize = probe.lacing.dropFirst(commentSegments).reduce(0) { $0 + Int($1) }
    let fullComment = 255 * (255 - Self.segments(setupSize)) - 1
    let text = String(repeating: "x", count: 1 + fullComment - commentSize)
    let path = try ReplayGainTestFiles.make(.vorbis, in: folder, extra: ["-metadata", "comment=\(text)"])

    let before = Self.pages(ReplayGainTestFiles.bytes(path))
    try #require(before[1].lacing.count == 255 && before[1].lacing.last! < 255)
    let decodedByFFmpeg = try FFmpegCLI.decodeFloat(path)
    let decodedBySoX = try SoXCLI.decodeFloat(path)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)

    let after = Self.pages(ReplayGainTestFiles.bytes(path))
    #expect(after.count == before.count + 1)
    #expect(after.map(\.sequence) == (0..<UInt32(after.count)).map { $0 })
    #expect(after[2].flags & 1 == 1, "the setup header continues on a new page")
    #expect(after.dropFirst(3).map(\.granule) == before.dropFirst(2).map(\.granule))
    #expect(after.dropFirst(3).map(\.lacing) == before.dropFirst(2).map(\.lacing))
    #expect(try FFmpegCLI.ffmpeg(["-i", path, "-f", "null", "-"]).stderr == "")
    #expect(try FFmpegCLI.decodeFloat(path) == decodedByFFmpeg)
    #expect(try SoXCLI.decodeFloat(path) == decodedBySoX)
    let tags = try ReplayGainTestFiles.probedTags(path)
    #expect(tags["COMMENT"] == text && tags["REPLAYGAIN_TRACK_GAIN"] == "-3.21 dB")
  }

  /// The common case: the headers keep their pages, and the audio pages their bytes.
  @Test func audioPagesAreCopied() throws {
    let path = try ReplayGainTestFiles.make(.vorbis, in: folder)
    let before = ReplayGainTestFiles.bytes(path)
    let decodedBySoX = try SoXCLI.decodeFloat(path)
    let audioStart = Self.headerLength(before)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let after = ReplayGainTestFiles.bytes(path)
    #expect(after[Self.headerLength(after)...] == before[audioStart...])
    #expect(try SoXCLI.decodeFloat(path) == decodedBySoX)
  }

  /// Opus gets R128 gains and loses the REPLAYGAIN_* fields RFC 7845 asks it not to carry; the
  /// OpusHead output gain stays 0.
  @Test func opusCarriesR128GainsOnly() throws {
    let old = ["-metadata", "REPLAYGAIN_TRACK_GAIN=-1.00 dB", "-metadata", "REPLAYGAIN_TRACK_PEAK=0.500000"]
    let path = try ReplayGainTestFiles.make(.opus, in: folder, extra: old)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let tags = ReplayGainTestFiles.replayGainTags(try ReplayGainTestFiles.probedTags(path))
    #expect(tags == ["R128_TRACK_GAIN": "-2102", "R128_ALBUM_GAIN": "-2432"])
    #expect(ReplayGainTestFiles.occurrences(of: "REPLAYGAIN_", in: path) == 0)
    let bytes = ReplayGainTestFiles.bytes(path)
    // OpusHead starts after the first page's 27-byte header and single lacing value.
    #expect(bytes[28..<36].elementsEqual("OpusHead".utf8) && bytes[28 + 16] == 0 && bytes[28 + 17] == 0)
  }

  /// Bytes up to the first page with a granule position above 0: the header pages.
  private static func headerLength(_ bytes: [UInt8]) -> Int {
    let pages = Self.pages(bytes)
    let headerPages = pages.prefix { $0.granule == 0 }
    return headerPages.reduce(0) { $0 + 27 + $1.lacing.count + $1.lacing.reduce(0) { $0 + Int($1) } }
  }
}
