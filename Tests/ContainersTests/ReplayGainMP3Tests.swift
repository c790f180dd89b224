import AudioTestSupport
import Containers
import Foundation
import Testing

/// MP3 files: TXXX frames in the ID3v2 tag, of the version it has; the Xing/LAME frame and every
/// frame after it keep their bytes, so the gapless length reads as before.
@Suite("ReplayGain tags in MP3")
struct ReplayGainMP3Tests {
  let folder = TemporaryFolder("replaygain-mp3")

  /// FFmpeg's ID3v2.4 tag, its ID3v2.3 tag, and none at all (an ID3v2.4 tag is added).
  @Test(arguments: [("4", UInt8(4)), ("3", 3), ("0", 4)])
  func tagVersionAndLAMETagAreKept(ffmpegVersion: String, written: UInt8) throws {
    let path = try ReplayGainTestFiles.make(.mp3, in: folder, extra: ["-id3v2_version", ffmpegVersion])
    let before = try #require(MP3Structure.read(path: path))
    let bytes = ReplayGainTestFiles.bytes(path)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let after = try #require(MP3Structure.read(path: path))
    let newBytes = ReplayGainTestFiles.bytes(path)
    #expect(newBytes[3] == written && after.leadingTags.count == 1)
    #expect(after.infoFrame == before.infoFrame && after.infoFrame?.lame != nil)
    #expect(after.length == before.length && after.length.span.length == 100_003)
    #expect(newBytes[Int(after.firstFrameOffset)...] == bytes[Int(before.firstFrameOffset)...])
    #expect(try FFmpegCLI.decodeFloat(path).count == 100_003)
    let tags = try ReplayGainTestFiles.probedTags(path)
    #expect(ReplayGainTestFiles.replayGainTags(tags) == ReplayGainTestFiles.expectedTags(ReplayGainTestFiles.values, in: .mp3))
  }

  /// Fewer frames fit the tag as it is: the padding grows and nothing moves.
  @Test func shorterTagsAreWrittenInPlace() throws {
    let path = try ReplayGainTestFiles.make(.mp3, in: folder)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let size = ReplayGainTestFiles.bytes(path).count
    let firstFrame = try #require(MP3Structure.read(path: path)).firstFrameOffset
    try ReplayGainTagWriter.write(ReplayGainTestFiles.otherValues, toFileAt: path)
    #expect(ReplayGainTestFiles.bytes(path).count == size)
    #expect(try #require(MP3Structure.read(path: path)).firstFrameOffset == firstFrame)
    #expect(try ReplayGainTestFiles.probedTags(path)["REPLAYGAIN_ALBUM_GAIN"] == nil)
  }

  /// ID3v2.3 tags with a UTF-16 title (which holds 0xFF bytes) and a lower-case ReplayGain
  /// field: in UTF-16 in a plain tag, in ISO-8859-1 in a tag unsynchronized as a whole. The
  /// field is replaced, the title kept, and the tag written synchronized.
  ///
  /// In the unsynchronized tag the title comes last: FFmpeg takes a 2.3 frame's size to count
  /// the unsynchronized bytes (mutagen and the standard count the bytes before), so it reads
  /// every frame with a 0xFF byte short until the tag is written synchronized.
  @Test(arguments: [false, true])
  func version3TagWithUTF16Fields(unsynchronized: Bool) throws {
    let title = "ÿ title"
    let field = unsynchronized
      ? [0] + Array("replaygain_track_gain".utf8) + [0] + Array("+1.00 dB".utf8)
      : [1] + Self.utf16("replaygain_track_gain") + [0, 0] + Self.utf16("+1.00 dB")
    let frames = Self.frame("TXXX", field) + Self.frame("TIT2", [1] + Self.utf16(title))
    let body = unsynchronized ? frames.flatMap { $0 == 0xFF ? [0xFF, 0] : [$0] } : frames
    let size = (0..<4).map { UInt8(body.count >> (7 * (3 - $0)) & 0x7F) }
    let tag = Array("ID3".utf8) + [3, 0, unsynchronized ? 0x80 : 0] + size + body
    let (path, audio) = try mp3(behind: tag, named: "version3.mp3")
    #expect(try ReplayGainTestFiles.probedTags(path)["REPLAYGAIN_TRACK_GAIN"] == "+1.00 dB", "ffprobe reads the made tag")

    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let bytes = ReplayGainTestFiles.bytes(path)
    #expect(bytes[3] == 3 && bytes[5] == 0)
    let tags = try ReplayGainTestFiles.probedTags(path)
    #expect(tags["TITLE"] == title)
    #expect(ReplayGainTestFiles.replayGainTags(tags) == ReplayGainTestFiles.expectedTags(ReplayGainTestFiles.values, in: .mp3))
    #expect(ReplayGainTestFiles.occurrences(of: "replaygain_track_gain", in: path) == 1)
    #expect(!Self.contains(bytes, Self.utf16("replaygain")))
    #expect(bytes.suffix(audio.count).elementsEqual(audio))
  }

  /// ID3v2.4 tags with a footer (which allows no padding, so the file is written again with the
  /// footer) and with an extended header (which is dropped, with its flag).
  @Test(arguments: [(true, false), (false, true)])
  func version4TagWithFooterOrExtendedHeader(footer: Bool, extendedHeader: Bool) throws {
    let title = [0] + Array("A title".utf8)
    let frame = Array("TIT2".utf8) + [0, 0, 0, UInt8(title.count), 0, 0] + title
    // Its size (6, counting itself, syncsafe), one byte of flags, no flags set.
    let extended: [UInt8] = extendedHeader ? [0, 0, 0, 6, 1, 0] : []
    var tag = AudioTags.id3v2Tag(body: extended + frame, footer: footer)
    if extendedHeader { tag[5] |= 0x40 }
    let (path, audio) = try mp3(behind: tag, named: "version4.mp3")
    #expect(try ReplayGainTestFiles.probedTags(path)["TITLE"] == "A title", "ffprobe reads the made tag")

    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let bytes = ReplayGainTestFiles.bytes(path)
    #expect(bytes[3] == 4 && bytes[5] == (footer ? 0x10 : 0))
    let tagLength = bytes.count - audio.count
    #expect(bytes[tagLength - 10..<tagLength - 7].elementsEqual("3DI".utf8) == footer)
    let tags = try ReplayGainTestFiles.probedTags(path)
    #expect(tags["TITLE"] == "A title")
    #expect(ReplayGainTestFiles.replayGainTags(tags) == ReplayGainTestFiles.expectedTags(ReplayGainTestFiles.values, in: .mp3))
    #expect(bytes.suffix(audio.count).elementsEqual(audio))
  }

  /// An ID3v2.3 frame: ID, plain 32-bit size, no flags.
  /// An MP3 made without a tag of its own, written behind `tag` as `name`: its path and its audio bytes.
  private func mp3(behind tag: [UInt8], named name: String) throws -> (path: String, audio: [UInt8]) {
    let audio = ReplayGainTestFiles.bytes(try ReplayGainTestFiles.make(.mp3, in: folder, extra: ["-id3v2_version", "0"]))
    let path = folder.file(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(tag + audio))
    return (path, audio)
  }

  private static func frame(_ id: String, _ content: [UInt8]) -> [UInt8] {
    Array(id.utf8) + MP3TestFiles.bigEndian(UInt32(content.count)) + [0, 0] + content
  }

  /// `text` in UTF-16, little-endian, after its byte order mark.
  private static func utf16(_ text: String) -> [UInt8] {
    [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
    bytes.indices.dropLast(pattern.count - 1).contains { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
  }
}
