import AudioTestSupport
@testable import Containers
import Foundation
import Testing

/// The info frame's fields decide the length the way FFmpeg decodes the file: with the LAME
/// tag's delay and padding, or with a Xing or VBRI frame count alone.
struct MP3InfoFrameTests {
  /// Where the LAME tag starts in an even-frames file's info frame (MPEG-1 mono: the Xing tag at
  /// 4 + 17, then 120 bytes of Xing fields).
  static let lameOffset = 21 + 120

  /// The even-frames file with its encoder string overwritten, and the LAME CRC recomputed when
  /// `resum` is set.
  static func foreignEncoder(in folder: TemporaryFolder, resum: Bool) throws -> (clean: String, edited: String) {
    let clean = try MP3TestFiles.makeEvenFrames(in: folder)
    var bytes = MP3TestFiles.bytes(clean)
    #expect(bytes[lameOffset..<lameOffset + 4].elementsEqual("Lavc".utf8))
    bytes.replaceSubrange(lameOffset..<lameOffset + 4, with: Array("Xxxx".utf8))
    if resum {
      let crc = LAMETag.checksum(bytes[0..<lameOffset + 34])
      bytes[lameOffset + 34] = UInt8(crc >> 8)
      bytes[lameOffset + 35] = UInt8(crc & 0xFF)
    }
    return (clean, MP3TestFiles.write(bytes, to: "edited.mp3", in: folder))
  }

  @Test func xingFrameCountWithoutLAMETagIsEveryFramesSamples() throws {
    let folder = TemporaryFolder("mp3-xing")
    let (_, path) = try Self.foreignEncoder(in: folder, resum: false)
    let structure = try #require(MP3Structure.read(path: path))
    #expect(structure.infoFrame?.kind == .info)
    #expect(structure.infoFrame?.lame == nil)
    let span = structure.length.span
    #expect(span.source == "Xing frame count")
    #expect(span.skip == 0)
    // FFmpeg skips nothing without a delay it knows: every frame's samples come out.
    #expect(span.length == Int64(88 * 1152))
    #expect(try MP3TestFiles.decodedFrames(path, channels: 1) == 88 * 1152)
  }

  @Test func lameTagOfAnEncoderFFmpegIgnoresGetsItsSkip() throws {
    let folder = TemporaryFolder("mp3-foreign")
    let (cleanPath, path) = try Self.foreignEncoder(in: folder, resum: true)
    let structure = try #require(MP3Structure.read(path: path))
    let lame = try #require(structure.infoFrame?.lame)
    #expect(lame.encoder == "Xxxx59.37")
    #expect(lame.checksumMatches)
    #expect(!lame.isAppliedByFFmpeg)
    let span = structure.length.span
    #expect(span == GaplessSpan(skip: 576 + 529, length: 100_003, source: "LAME tag"))
    // FFmpeg decodes every frame; the span's skip and length cut out exactly the clean audio.
    let clean = try FFmpegCLI.decodeFloat(cleanPath)
    let decoded = try FFmpegCLI.decodeFloat(path)
    #expect(decoded.count == 88 * 1152)
    let audio = decoded[Int(span.skip)..<Int(span.skip + span.length!)]
    #expect(audio.count == clean.count)
    #expect(zip(clean, audio).allSatisfy { $0 == $1 })
  }

  @Test func vbriFrameCountIsRead() throws {
    let folder = TemporaryFolder("mp3-vbri")
    var bytes = MP3TestFiles.bytes(try MP3TestFiles.makeEvenFrames(in: folder, extra: ["-write_xing", "0"]))
    let frames = bytes.count / MP3TestFiles.evenFrameLength
    // The first audio frame becomes a VBRI frame: header kept, "VBRI" 32 bytes after it.
    var vbri = Array(bytes[0..<4]) + [UInt8](repeating: 0, count: MP3TestFiles.evenFrameLength - 4)
    let fields =
      Array("VBRI".utf8) + [0, 1, 0x02, 0x40, 0, 75] + MP3TestFiles.bigEndian(UInt32(bytes.count))
      + MP3TestFiles.bigEndian(UInt32(frames - 1))
    vbri.replaceSubrange(36..<36 + fields.count, with: fields)
    bytes.replaceSubrange(0..<MP3TestFiles.evenFrameLength, with: vbri)
    let path = MP3TestFiles.write(bytes, to: "vbri.mp3", in: folder)
    let structure = try #require(MP3Structure.read(path: path))
    let info = try #require(structure.infoFrame)
    #expect(info.kind == .vbri)
    #expect(info.frameCount == Int64(frames - 1))
    #expect(info.vbriDelay == 576)
    #expect(info.quality == 75)
    #expect(structure.length.span.source == "VBRI frame count")
    #expect(structure.length.span.length == Int64(frames - 1) * 1152)
    #expect(try MP3TestFiles.decodedFrames(path, channels: 1) == Int64(frames - 1) * 1152)
  }

  @Test func withoutInfoFrameTheLengthIsLeftToTheDecoder() throws {
    let folder = TemporaryFolder("mp3-noxing")
    let encoding = MP3TestFiles.encodings[0]
    let path = try MP3TestFiles.make(encoding, in: folder, extra: ["-write_xing", "0"])
    let structure = try #require(MP3Structure.read(path: path))
    #expect(structure.infoFrame == nil)
    #expect(structure.length.span == GaplessSpan(skip: 0, length: nil, source: "none (no LAME/Xing tag)"))
    #expect(structure.decodedSampleCount == (try MP3TestFiles.decodedFrames(path, channels: 1)))
  }
}
