import AudioTestSupport
import Containers
import Foundation
import Testing

/// FLAC files: the comment goes into the padding FFmpeg leaves when it fits, and every other
/// block and the frames stay byte for byte; without room, the frames move as a whole.
@Suite("ReplayGain tags in FLAC")
struct ReplayGainFLACTests {
  let folder = TemporaryFolder("replaygain-flac")

  /// One metadata block as it is stored.
  struct Block: Equatable {
    var type: UInt8
    var body: [UInt8]
  }

  /// The blocks of a FLAC file and where its frames start, read here apart from the writer.
  static func blocks(_ bytes: [UInt8]) -> (blocks: [Block], audioStart: Int) {
    var blocks: [Block] = []
    var offset = 4
    while true {
      let length = Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      blocks.append(Block(type: bytes[offset] & 0x7F, body: Array(bytes[offset + 4..<offset + 4 + length])))
      let isLast = bytes[offset] & 0x80 != 0
      offset += 4 + length
      if isLast { return (blocks, offset) }
    }
  }

  /// "fLaC" and `blocks`, the last one flagged.
  static func encode(_ blocks: [Block]) -> [UInt8] {
    var result = Array("fLaC".utf8)
    for (index, block) in blocks.enumerated() {
      let length = block.body.count
      let last: UInt8 = index == blocks.count - 1 ? 0x80 : 0
      result += [block.type | last, UInt8(length >> 16), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
      result += block.body
    }
    return result
  }

  /// The file as its blocks, less padding, and its frames.
  static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
    let (blocks, audioStart) = Self.blocks(bytes)
    return encode(blocks.filter { $0.type != 1 }) + bytes[audioStart...]
  }

  /// FFmpeg's 8 kB of padding takes the comment: the file keeps its size and its frames their place.
  @Test func paddingMakesRoom() throws {
    let path = try ReplayGainTestFiles.make(.flac, in: folder)
    let before = ReplayGainTestFiles.bytes(path)
    let (oldBlocks, audioStart) = Self.blocks(before)
    #expect(oldBlocks.map(\.type) == [0, 4, 1], "FFmpeg writes STREAMINFO, VORBIS_COMMENT, PADDING")
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let after = ReplayGainTestFiles.bytes(path)
    let (newBlocks, newAudioStart) = Self.blocks(after)
    #expect(after.count == before.count && newAudioStart == audioStart)
    #expect(after[audioStart...] == before[audioStart...])
    #expect(newBlocks.map(\.type) == [0, 4, 1] && newBlocks[0] == oldBlocks[0])
    #expect(newBlocks[2].body.count < oldBlocks[2].body.count)
  }

  /// Without padding the file is written again: the frames move, unchanged, right after the new
  /// comment, and no padding is added.
  @Test func noPaddingMovesTheFrames() throws {
    let path = try ReplayGainTestFiles.make(.flac, in: folder)
    let bare = Self.withoutPadding(ReplayGainTestFiles.bytes(path))
    _ = FileManager.default.createFile(atPath: path, contents: Data(bare))
    let decoded = try FFmpegCLI.decodeFloat(path)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let after = ReplayGainTestFiles.bytes(path)
    let (blocks, audioStart) = Self.blocks(after)
    #expect(blocks.map(\.type) == [0, 4])
    #expect(after[audioStart...] == bare[Self.blocks(bare).audioStart...])
    #expect(try FFmpegCLI.decodeFloat(path) == decoded)
    #expect(folder.contents() == ["sine.flac"])
  }

  /// A file without a VORBIS_COMMENT block gets one after STREAMINFO, in the padding.
  @Test func missingCommentIsAdded() throws {
    let path = try ReplayGainTestFiles.make(.flac, in: folder)
    let (blocks, audioStart) = Self.blocks(ReplayGainTestFiles.bytes(path))
    let bare = Self.encode(blocks.filter { $0.type != 4 }) + ReplayGainTestFiles.bytes(path)[audioStart...]
    _ = FileManager.default.createFile(atPath: path, contents: Data(bare))
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let after = ReplayGainTestFiles.bytes(path)
    #expect(Self.blocks(after).blocks.map(\.type) == [0, 4, 1] && after.count == bare.count)
    let tags = ReplayGainTestFiles.replayGainTags(try ReplayGainTestFiles.probedTags(path))
    #expect(tags == ReplayGainTestFiles.expectedTags(ReplayGainTestFiles.values, in: .flac))
  }

  /// Space for the comment but not for a padding block's 4-byte header (2 bytes left over): the
  /// file is written again without padding.
  @Test func roomTooSmallForPaddingMovesTheFrames() throws {
    let path = try ReplayGainTestFiles.make(.flac, in: folder)
    let original = ReplayGainTestFiles.bytes(path)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    // What the padding shrank to, plus its header, is the room left: make the old padding that much less 2.
    let leftOver = Self.blocks(ReplayGainTestFiles.bytes(path)).blocks.last!.body.count + 4
    let (blocks, audioStart) = Self.blocks(original)
    let tight = blocks.map { $0.type == 1 ? Block(type: 1, body: Array($0.body.dropFirst(leftOver - 2))) : $0 }
    let bytes = Self.encode(tight) + original[audioStart...]
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let after = ReplayGainTestFiles.bytes(path)
    #expect(Self.blocks(after).blocks.map(\.type) == [0, 4])
    #expect(after.count == bytes.count - 2)
    #expect(after[Self.blocks(after).audioStart...] == original[audioStart...])
  }

  /// A cover (a PICTURE block) and the STREAMINFO stay as they were.
  @Test func pictureIsKept() throws {
    let cover = folder.file("cover.png")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", cover])
    let path = folder.file("covered.flac")
    try FFmpegCLI.make(
      ["-f", "lavfi", "-i", "sine=f=440:r=44100,atrim=end_sample=100003", "-i", cover, "-map", "0", "-map", "1",
       "-c:v", "copy", "-disposition:v", "attached_pic", path])
    let before = Self.blocks(ReplayGainTestFiles.bytes(path)).blocks
    #expect(before.contains { $0.type == 6 }, "FFmpeg writes the cover as a PICTURE block")
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let after = Self.blocks(ReplayGainTestFiles.bytes(path)).blocks
    #expect(after.filter { $0.type != 4 && $0.type != 1 } == before.filter { $0.type != 4 && $0.type != 1 })
    let probe = try FFmpegCLI.run(
      "ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "stream=codec_name", "-of", "csv=p=0", path])
    #expect(String(decoding: probe.stdout, as: UTF8.self) == "png\n")
  }
}
