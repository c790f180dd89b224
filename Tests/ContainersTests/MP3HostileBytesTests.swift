import AudioTestSupport
import Containers
import Foundation
import Testing

/// Crafted or random bytes end the read quickly, with bounded work and no crash.
struct MP3HostileBytesTests {
  @Test func noAudioInNoise() {
    let folder = TemporaryFolder("mp3-hostile")
    var random = SeededRandom(seed: 11)
    let noise = (0..<(1 << 20)).map { _ in UInt8(truncatingIfNeeded: Int((random.nextSigned() + 1) * 128)) }
    let structure = MP3Structure.read(path: MP3TestFiles.write(noise, to: "noise.mp3", in: folder))
    // A false first frame may happen in a megabyte of noise, but never a stream of them.
    #expect((structure?.frameCount ?? 0) < 10)
  }

  @Test func noAudioInSyncBytes() {
    let folder = TemporaryFolder("mp3-hostile")
    let ones = [UInt8](repeating: 0xFF, count: 1 << 20)
    #expect(MP3Structure.read(path: MP3TestFiles.write(ones, to: "ones.mp3", in: folder)) == nil)
    #expect(MP3Structure.read(path: MP3TestFiles.write([], to: "empty.mp3", in: folder)) == nil)
    #expect(MP3Structure.read(path: folder.file("missing.mp3")) == nil)
  }

  @Test func loneFreeFormatHeaderIsNoStream() {
    let folder = TemporaryFolder("mp3-hostile")
    let lone = [0xFF, 0xFB, 0x00, 0x64] + [UInt8](repeating: 0, count: 5000)
    #expect(MP3Structure.read(path: MP3TestFiles.write(lone, to: "lone.mp3", in: folder)) == nil)
  }

  @Test func endlessRunOfEmptyID3v2TagsIsCapped() throws {
    let folder = TemporaryFolder("mp3-hostile")
    let empty = AudioTags.id3v2Tag(body: [], footer: false)
    let run = (0..<10_000).flatMap { _ in empty }
    let audio = MP3TestFiles.bytes(try MP3TestFiles.makeEvenFrames(in: folder))
    let structure = try #require(MP3Structure.read(path: MP3TestFiles.write(run + audio, to: "run.mp3", in: folder)))
    #expect(structure.leadingTags.count == 64)
    #expect(structure.leadingJunk == 640..<Int64(run.count))
    #expect(structure.length.span.length == 100_003)
  }

  @Test func trailingTagsThatClaimTooMuchAreJunk() throws {
    let folder = TemporaryFolder("mp3-hostile")
    let audio = MP3TestFiles.bytes(try MP3TestFiles.makeEvenFrames(in: folder))
    // An APE footer claiming 4 GB, a Lyrics3v2 end with a size that is not digits, and one whose
    // "LYRICSBEGIN" is missing.
    let ape =
      Array("APETAGEX".utf8) + MP3TestFiles.littleEndian(2000) + MP3TestFiles.littleEndian(0xFFFF_FFF0)
      + MP3TestFiles.littleEndian(1) + MP3TestFiles.littleEndian(0x8000_0000) + [UInt8](repeating: 0, count: 8)
    // An APEv2 footer whose header flag and 2000-byte size would reach back into the frames,
    // where no "APETAGEX" header is.
    let apeWithoutItsHeader =
      Array("APETAGEX".utf8) + MP3TestFiles.littleEndian(2000) + MP3TestFiles.littleEndian(2000)
      + MP3TestFiles.littleEndian(1) + MP3TestFiles.littleEndian(0x8000_0000) + [UInt8](repeating: 0, count: 8)
    let lyricsNotDigits = Array("LYRICSBEGINxx".utf8) + Array("00001xLYRICS200".utf8)
    let lyricsNoBegin = [UInt8](repeating: 0x41, count: 40) + Array("000030LYRICS200".utf8)
    for tail in [ape, apeWithoutItsHeader, lyricsNotDigits, lyricsNoBegin] {
      let structure = try #require(
        MP3Structure.read(path: MP3TestFiles.write(audio + tail, to: "tail.mp3", in: folder)))
      #expect(structure.ending.tags == [])
      #expect(structure.ending.junk == Int64(audio.count)..<Int64(audio.count + tail.count))
      #expect(structure.length.span.length == 100_003)
    }
  }

  @Test func infoFrameWithImpossibleCountsStaysBounded() throws {
    let folder = TemporaryFolder("mp3-hostile")
    var bytes = MP3TestFiles.bytes(try MP3TestFiles.makeEvenFrames(in: folder))
    // The Xing frame count (21 + 8 bytes in) set to 2^32 − 1.
    bytes.replaceSubrange(29..<33, with: [0xFF, 0xFF, 0xFF, 0xFF])
    let structure = try #require(MP3Structure.read(path: MP3TestFiles.write(bytes, to: "count.mp3", in: folder)))
    #expect(structure.infoFrame?.frameCount == 0xFFFF_FFFF)
    #expect(structure.length.missingFrames == 0xFFFF_FFFF - 88)
    #expect(structure.length.span.length == Int64(88 * 1152 - 576 - 529))
  }
}
