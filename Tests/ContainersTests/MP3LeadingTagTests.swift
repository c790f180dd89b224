import AudioTestSupport
import Containers
import Foundation
import Testing

/// ID3v2 tags before the audio are skipped by their stated size, never scanned for frames.
struct MP3LeadingTagTests {
  @Test func bigTagWithAPictureIsSkipped() throws {
    let folder = TemporaryFolder("mp3-picture")
    let picture = folder.file("noise.png")
    // Noise does not compress: the picture is about 100 KB of bytes full of false syncs.
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "nullsrc=s=256x256,format=rgb24,geq=r='random(1)*255':g='random(2)*255':b='random(3)*255'",
      "-frames:v", "1", picture,
    ])
    let encoding = MP3TestFiles.encodings[0]
    let path = folder.file("picture.mp3")
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "sine=f=440:d=3", "-i", picture, "-map", "0:a", "-map", "1:v", "-af",
      "atrim=end_sample=\(encoding.samples)", "-c:a", "libmp3lame", "-c:v", "copy", "-id3v2_version", "3",
      "-metadata:s:v", "comment=Cover (front)", path,
    ])
    let structure = try #require(MP3Structure.read(path: path))
    let tag = try #require(structure.leadingTags.first)
    #expect(structure.leadingTags.count == 1)
    #expect(tag.count > 64_000)
    let bytes = MP3TestFiles.bytes(path)
    let falseSyncs = (Int(tag.lowerBound)..<Int(tag.upperBound) - 1).count {
      bytes[$0] == 0xFF && bytes[$0 + 1] >= 0xE0
    }
    #expect(falseSyncs > 10)
    #expect(structure.firstFrameOffset == tag.upperBound)
    #expect(structure.leadingJunk == nil)
    #expect(structure.infoFrame?.lame != nil)
    #expect(structure.length.span.length == encoding.samples)
    #expect(try MP3TestFiles.decodedFrames(path, channels: 1) == encoding.samples)
  }

  @Test func severalTagsInARowOneWithAFooterAreSkipped() throws {
    let folder = TemporaryFolder("mp3-id3-chain")
    let encoding = MP3TestFiles.encodings[1]
    let encoded = MP3TestFiles.bytes(try MP3TestFiles.make(encoding, in: folder))
    // A decoy: two MPEG-1 layer III headers 417 bytes apart, which a scan would take for frames.
    let decoy = [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0x55, count: 413) + [0xFF, 0xFB, 0x90, 0x64]
    let footed = AudioTags.id3v2Tag(body: decoy + [UInt8](repeating: 0, count: 100), footer: true)
    let plain = AudioTags.id3v2Tag(body: Array("TIT2\0\0\0\u{6}\0\0\u{3}Title".utf8), footer: false)
    let path = MP3TestFiles.write(footed + plain + encoded, to: "chain.mp3", in: folder)
    let structure = try #require(MP3Structure.read(path: path))
    // The ffmpeg CLI's own ID3v2 tag, by its syncsafe size.
    let ffmpegTag = 10 + encoded[6..<10].reduce(Int64(0)) { $0 << 7 | Int64($1) }
    let first = Int64(footed.count)
    let second = first + Int64(plain.count)
    #expect(structure.leadingTags == [0..<first, first..<second, second..<second + ffmpegTag])
    #expect(structure.firstFrameOffset == second + ffmpegTag)
    #expect(structure.firstHeader.version == .mpeg2)
    #expect(structure.length.span.length == encoding.samples)
  }

  @Test func tagsRunningPastTheEndLeaveNoAudio() throws {
    let folder = TemporaryFolder("mp3-id3-long")
    // A header claiming 200 MB, then some frames that lie inside the claimed tag.
    let frames = Array(MP3TestFiles.bytes(try MP3TestFiles.makeEvenFrames(in: folder)).prefix(4000))
    let bytes = Array("ID3".utf8) + [3, 0, 0, 0x60, 0, 0, 0] + frames
    #expect(MP3Structure.read(path: MP3TestFiles.write(bytes, to: "long.mp3", in: folder)) == nil)
  }

  @Test func junkBeforeTheFirstFrameIsReported() throws {
    let folder = TemporaryFolder("mp3-lead-junk")
    let encoded = MP3TestFiles.bytes(try MP3TestFiles.makeEvenFrames(in: folder))
    let path = MP3TestFiles.write([UInt8](repeating: 0, count: 500) + encoded, to: "junk.mp3", in: folder)
    let structure = try #require(MP3Structure.read(path: path))
    #expect(structure.leadingTags == [])
    #expect(structure.leadingJunk == 0..<500)
    #expect(structure.firstFrameOffset == 500)
    #expect(structure.length.span.length == 100_003)
  }
}
