import AudioTestSupport
import Foundation
import Testing

@testable import Containers

/// The tag writer on files the ffmpeg CLI makes, in each layout: `moov` last (FFmpeg's default),
/// `moov` first (`+faststart`, the media moves), `moov` before reserved space (`-moov_size`), no
/// `udta` at all (QuickTime with `+bitexact`). After writing, the ffmpeg CLI must decode exactly
/// the same samples, and ffprobe must read the tag.
@Suite("MP4 tag writer")
struct MP4TagWriterTests {
  let folder = TemporaryFolder("mp4-tags")

  /// FFmpeg's AAC encoding of 100,003 frames: 1024 + 100,003 + 349 = 99 packets of 1024.
  static let ffmpegGapless = ITunesGaplessInfo(priming: 1024, padding: 349, length: 100_003)
  /// One `----` item with that text: 8 + `mean` 28 + `name` 20 + `data` 16 + 116.
  static let itemSize: Int64 = 188

  /// Writes `tags`, and checks that the file decodes as before and ffprobe reads each tag.
  func writeKeepingTheMedia(_ tags: [MP4FreeformTag], into path: String) throws {
    let before = try FFmpegCLI.decodeFloat(path)
    try MP4TagWriter.setFreeformTags(tags, inFileAt: path)
    #expect(try FFmpegCLI.decodeFloat(path) == before, "the media changed")
    for tag in tags { #expect(try MP4TestFiles.probedTag(path, tag.name) == tag.value) }
  }

  /// `moov` last: it grows in place by the item, next to FFmpeg's `©too`, which stays.
  @Test func moovAtTheEnd() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac"])
    let size = try MP4TestFiles.size(path)
    try writeKeepingTheMedia([.gapless(Self.ffmpegGapless)], into: path)
    #expect(try MP4TestFiles.size(path) == size + Self.itemSize)
    let fields = try MP4File.audioTrackFields(at: path)
    #expect(fields.gaplessInfo == Self.ffmpegGapless)
    #expect(fields.gaplessInfoFollowsTrack)
    #expect(fields.encoder?.hasPrefix("Lavf") == true)
    #expect(MP4GaplessDecision.span(for: fields) == GaplessSpan(skip: 0, length: 100_003, source: "MP4 edit list"))
  }

  /// A file without an edit list, given iTunSMPB: FFmpeg now drops the 1024 frames of priming
  /// itself (measured: 100,352 frames decoded instead of 101,376), so the span skips nothing, and
  /// keeps exactly what the edit-listed encoding keeps.
  @Test func iTunSMPBMakesAFileWithoutEditListExact() throws {
    let edited = try MP4TestFiles.make(folder, "edited.m4a", ["-c:a", "aac"])
    let bare = try MP4TestFiles.make(folder, "bare.m4a", ["-c:a", "aac", "-use_editlist", "0"])
    #expect(try MP4TestFiles.decoded(bare).count == 101_376)
    try MP4TagWriter.setFreeformTags([.gapless(Self.ffmpegGapless)], inFileAt: bare)
    #expect(try MP4TestFiles.decoded(bare).count == 100_352)
    let span = try MP4File.gaplessSpan(at: bare)
    #expect(span == GaplessSpan(skip: 0, length: 100_003, source: "iTunSMPB"))
    let reference = try MP4TestFiles.decoded(edited, applying: try MP4File.gaplessSpan(at: edited))
    #expect(try MP4TestFiles.decoded(bare, applying: span) == reference)
  }

  /// An iTunSMPB priming larger than the edit list's (2112 against 1024) makes FFmpeg drop 2112
  /// frames; the span, which follows the edit list, keeps the 98,915 frames that are left of
  /// the audio, and they are the reference's from frame 1088 on.
  @Test func iTunSMPBPrimingBeyondTheEditList() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac", "-movie_timescale", "44100"])
    let reference = try MP4TestFiles.decoded(path, applying: try MP4File.gaplessSpan(at: path))
    let apple = ITunesGaplessInfo(priming: 2112, padding: 0, length: 100_003)
    try MP4TagWriter.setFreeformTags([.gapless(apple)], inFileAt: path)
    let span = try MP4File.gaplessSpan(at: path)
    #expect(span.skip == 0 && span.length == 98_915)
    #expect(try MP4TestFiles.decoded(path, applying: span) == Array(reference.dropFirst(1088)))
  }

  /// `moov` first: the media moves by the item's size, and every chunk offset with it; the file
  /// written again keeps its permissions.
  @Test func faststart() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac", "-movflags", "+faststart"])
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    let size = try MP4TestFiles.size(path)
    let firstChunk = try chunkOffsets(path).first
    try writeKeepingTheMedia([.gapless(Self.ffmpegGapless)], into: path)
    #expect(try MP4TestFiles.size(path) == size + Self.itemSize)
    #expect(try chunkOffsets(path).first == firstChunk.map { $0 + Self.itemSize })
    #expect(try MP4File.audioTrackFields(at: path).gaplessInfo == Self.ffmpegGapless)
    #expect(try topLevelTypes(path) == ["ftyp", "moov", "free", "mdat"])
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
    #expect(folder.contents() == ["aac.m4a"], "no temporary file is left")
  }

  /// `moov` before reserved space (`-moov_size`): the space shrinks and nothing moves.
  @Test func reservedSpaceAfterTheMoov() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac", "-moov_size", "4096"])
    let size = try MP4TestFiles.size(path)
    let offsets = try chunkOffsets(path)
    try writeKeepingTheMedia([.gapless(Self.ffmpegGapless)], into: path)
    #expect(try MP4TestFiles.size(path) == size)
    #expect(try chunkOffsets(path) == offsets)
  }

  /// Without `udta` (QuickTime, `+bitexact`), and with a `udta` holding no `meta` (QuickTime's
  /// `©swr`), the boxes are made: `udta`, `meta` with its `mdir` handler, `ilst`.
  @Test(arguments: [["-fflags", "+bitexact"], []])
  func missingBoxesAreMade(options: [String]) throws {
    let path = try MP4TestFiles.make(folder, "aac.mov", ["-c:a", "aac", "-f", "mov"] + options)
    let tag = MP4FreeformTag(name: "replaygain_track_gain", value: "-6.02 dB")
    try writeKeepingTheMedia([tag], into: path)
    #expect(try MP4File.audioTrackFields(at: path).freeformTags == [tag])
  }

  /// A tag replaces the one with its name and leaves the others; the same length again changes
  /// no byte count.
  @Test func sameNameIsReplaced() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac"])
    let gain = MP4FreeformTag(name: "replaygain_track_gain", value: "-6.02 dB")
    try MP4TagWriter.setFreeformTags(
      [.gapless(ITunesGaplessInfo(priming: 1, padding: 2, length: 3)), gain], inFileAt: path)
    let size = try MP4TestFiles.size(path)
    try writeKeepingTheMedia([.gapless(Self.ffmpegGapless)], into: path)
    #expect(try MP4TestFiles.size(path) == size)
    #expect(try MP4File.audioTrackFields(at: path).freeformTags == [.gapless(Self.ffmpegGapless), gain])
  }

  /// A fragmented file's media is addressed from its fragments, which the writer does not rewrite.
  @Test func fragmentedFileIsRefused() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac", "-movflags", "frag_keyframe+empty_moov"])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let error = #expect(throws: MP4Error.self) {
      try MP4TagWriter.setFreeformTags([.gapless(Self.ffmpegGapless)], inFileAt: path)
    }
    #expect(error?.description == "cannot add tags to \(path): it is a fragmented MP4 whose media would have to move")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(folder.contents() == ["aac.m4a"], "no temporary file is left")
  }

  /// An `stco` whose offsets would pass 4 GiB becomes a `co64`; offsets before the moved part stay.
  @Test func chunkOffsetsPastFourGigabytesBecomeSixtyFourBit() throws {
    let entries: [UInt32] = [40, 5000, 4_294_967_000]
    let stco = MP4Box(
      type: "stco", content: .bytes([0, 0, 0, 0] + MP4TestBoxes.u32(3) + entries.flatMap { MP4TestBoxes.u32(Int($0)) }))
    var moov = MP4Box(container: "moov", children: [MP4Box(container: "trak", children: [stco])])
    try moov.shiftChunkOffsets(from: 1000, by: 1000)
    let shifted = try #require(moov.children.first?.children.first)
    #expect(shifted.type == "co64")
    let expected = [0, 0, 0, 0] + MP4TestBoxes.u32(3) + [40, 6000, 4_294_968_000].flatMap { MP4TestBoxes.u64($0) }
    #expect(shifted.content == .bytes(expected))
  }

  /// A damaged `udta` holding a `udta` 100,000 deep (800 kB): only `moov/udta/meta/ilst` and the
  /// way to the sample tables are opened, so the chain stays bytes instead of being copied at
  /// every level (tens of gigabytes), and the tag goes into a new `meta` beside it.
  @Test func deeplyNestedBoxesStayUnopened() throws {
    let depth = 100_000
    // Built outside in: each header's size counts the headers inside it.
    let nested = (0..<depth).flatMap { level in MP4TestBoxes.u32(8 * (depth - level)) + Array("udta".utf8) }
    let track = MP4TestBoxes.audioTrack(timescale: 44_100, duration: 1024, runs: [(1, 1024)])
    let mvhd = MP4TestBoxes.header32("mvhd", timescale: 1000, duration: 23)
    let path = folder.file("nested.m4a")
    let moov = MP4TestBoxes.box("moov", mvhd + track + MP4TestBoxes.box("udta", nested))
    _ = FileManager.default.createFile(atPath: path, contents: Data(MP4TestBoxes.box("ftyp", []) + moov))
    try MP4TagWriter.setFreeformTags([.gapless(Self.ffmpegGapless)], inFileAt: path)
    #expect(try MP4File.audioTrackFields(at: path).gaplessInfo == Self.ffmpegGapless)
    // ftyp, moov, then the new meta (header, version and flags), its hdlr, ilst and the item.
    let added: Int64 = (8 + 4) + 33 + 8 + Self.itemSize
    #expect(try MP4TestFiles.size(path) == 8 + Int64(moov.count) + added)
  }

  /// An `ilst` outside a `meta` (here right in the `moov`) is not opened: it stays as its bytes,
  /// and the tag goes into a new `udta/meta/ilst`.
  @Test func itemListOutsideMetaStaysBytes() throws {
    let track = MP4TestBoxes.audioTrack(timescale: 44_100, duration: 1024, runs: [(1, 1024)])
    let mvhd = MP4TestBoxes.header32("mvhd", timescale: 1000, duration: 23)
    let stray = MP4TestBoxes.box("ilst", MP4TestBoxes.freeform(ITunesGaplessInfo.tagName, "stray"))
    let path = folder.file("stray.m4a")
    let moov = MP4TestBoxes.box("moov", mvhd + track + stray)
    _ = FileManager.default.createFile(atPath: path, contents: Data(MP4TestBoxes.box("ftyp", []) + moov))
    try MP4TagWriter.setFreeformTags([.gapless(Self.ffmpegGapless)], removing: { _ in true }, inFileAt: path)
    #expect(try MP4File.audioTrackFields(at: path).gaplessInfo == Self.ffmpegGapless)
    let written = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
    #expect(written[(8 + 8 + mvhd.count + track.count)...].starts(with: stray))
  }

  /// The first track's chunk offsets, read from the file's `stco`.
  private func chunkOffsets(_ path: String) throws -> [Int64] {
    let file = try MP4BoxReader(path: path)
    let moov = try #require(try file.topLevelBoxes().first { $0.type == "moov" })
    var box = moov
    for type: FourCC in ["trak", "mdia", "minf", "stbl", "stco"] {
      box = try #require(try file.children(of: box).first { $0.type == type })
    }
    var reader = BigEndianReader(try file.payload(of: box), at: 4)
    let count = try reader.uint32()
    return try (0..<count).map { _ in Int64(try reader.uint32()) }
  }

  private func topLevelTypes(_ path: String) throws -> [String] {
    try MP4BoxReader(path: path).topLevelBoxes().map(\.type.description)
  }
}
