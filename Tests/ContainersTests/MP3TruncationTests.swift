import AudioTestSupport
import Containers
import Foundation
import Testing

/// A file cut short is told from one with bytes after its last frame, and the audio it lacks
/// is counted from the info frame's frame count.
struct MP3TruncationTests {
  /// 50 frames kept of 89: the info frame and 49 audio frames.
  static let framesKept = 50
  /// What 49 audio frames decode to after FFmpeg's start skip (576 + 529).
  static let samplesKept: Int64 = 49 * 1152 - 576 - 529

  @Test func cutAtAFrameBoundaryLacksTheStatedRest() throws {
    let folder = TemporaryFolder("mp3-cut")
    let cleanPath = try MP3TestFiles.makeEvenFrames(in: folder)
    let cut = Array(MP3TestFiles.bytes(cleanPath).prefix(Self.framesKept * MP3TestFiles.evenFrameLength))
    let path = MP3TestFiles.write(cut, to: "cut.mp3", in: folder)
    let structure = try #require(MP3Structure.read(path: path))
    #expect(structure.audioFrameCount == 49)
    #expect(structure.ending == MP3Ending())
    let length = structure.length
    #expect(length.missingFrames == 88 - 49)
    #expect(length.missingSamples == 100_003 - Self.samplesKept)
    #expect(length.span.length == Self.samplesKept)
    #expect(length.span.note?.hasPrefix("cut short") == true)
    // FFmpeg decodes what is there, and it is the start of the clean file.
    let clean = try FFmpegCLI.decodeFloat(cleanPath)
    let decoded = try FFmpegCLI.decodeFloat(path)
    #expect(Int64(decoded.count) == Self.samplesKept)
    #expect(zip(clean, decoded).allSatisfy { $0 == $1 })
  }

  /// Both encodings (MPEG-1 mono, MPEG-2 stereo with 576 samples a frame) cut three fifths of
  /// the way in, at a frame boundary and inside the frame there, with the boundaries taken from
  /// ffprobe's packets and the length from what the ffmpeg CLI decodes of the cut file.
  @Test(arguments: MP3TestFiles.encodings)
  func cutFileReportsTheFramesAndSamplesItLacks(encoding: MP3TestFiles.Encoding) throws {
    let folder = TemporaryFolder("mp3-cut-encodings")
    let bytes = MP3TestFiles.bytes(try MP3TestFiles.make(encoding, in: folder))
    let packets = try MP3TestFiles.packets(folder.file("sine.mp3"))
    let kept = packets.count * 3 / 5
    let frame = packets[kept]
    let stated = try #require(MP3Structure.read(path: folder.file("sine.mp3"))?.infoFrame?.frameCount)
    #expect(stated == Int64(packets.count))

    let boundaryPath = MP3TestFiles.write(Array(bytes[..<Int(frame.lowerBound)]), to: "boundary.mp3", in: folder)
    let boundary = try #require(MP3Structure.read(path: boundaryPath))
    #expect(boundary.audioFrameCount == Int64(kept))
    #expect(boundary.ending == MP3Ending())
    let decodedLength = try MP3TestFiles.decodedFrames(boundaryPath, channels: encoding.channels)
    #expect(boundary.length.span.length == decodedLength)
    #expect(boundary.length.missingFrames == Int64(packets.count - kept))
    #expect(boundary.length.missingSamples == encoding.samples - decodedLength)

    let middle = frame.lowerBound + Int64(frame.count / 2)
    let insidePath = MP3TestFiles.write(Array(bytes[..<Int(middle)]), to: "inside.mp3", in: folder)
    let inside = try #require(MP3Structure.read(path: insidePath))
    #expect(inside.audioFrameCount == Int64(kept))
    #expect(inside.audioEnd == frame.lowerBound)
    #expect(
      inside.ending.truncatedFrame
        == MP3Ending.TruncatedFrame(
          offset: frame.lowerBound, length: Int(frame.count), missingBytes: Int(frame.upperBound - middle)))
    #expect(inside.length == boundary.length)
  }

  @Test func cutInsideAFrameEndsWithATruncatedFrame() throws {
    let folder = TemporaryFolder("mp3-cut-mid")
    let cleanPath = try MP3TestFiles.makeEvenFrames(in: folder)
    let kept = Self.framesKept * MP3TestFiles.evenFrameLength + 100
    let path = MP3TestFiles.write(Array(MP3TestFiles.bytes(cleanPath).prefix(kept)), to: "cut.mp3", in: folder)
    let structure = try #require(MP3Structure.read(path: path))
    #expect(structure.audioFrameCount == 49)
    #expect(structure.audioEnd == Int64(Self.framesKept * MP3TestFiles.evenFrameLength))
    #expect(
      structure.ending.truncatedFrame
        == MP3Ending.TruncatedFrame(offset: structure.audioEnd, length: 384, missingBytes: 284))
    #expect(structure.ending.kind == .truncatedFrame)
    #expect(structure.length.missingFrames == 39)
    #expect(structure.length.span.length == Self.samplesKept)
    // FFmpeg decodes the partial frame into one more frame of samples; the span stops before it.
    #expect(try MP3TestFiles.decodedFrames(path, channels: 1) == Self.samplesKept + 1152)
  }

  @Test func truncatedFrameBeforeAnID3v1TagIsStillTruncated() throws {
    let folder = TemporaryFolder("mp3-cut-tag")
    let cleanPath = try MP3TestFiles.makeEvenFrames(in: folder)
    let kept = Self.framesKept * MP3TestFiles.evenFrameLength + 100
    let bytes = Array(MP3TestFiles.bytes(cleanPath).prefix(kept)) + AudioTags.id3v1Tag()
    let structure = try #require(MP3Structure.read(path: MP3TestFiles.write(bytes, to: "cut.mp3", in: folder)))
    #expect(structure.ending.truncatedFrame?.missingBytes == 284)
    #expect(structure.ending.tags.map(\.kind) == [.id3v1])
    #expect(structure.ending.tags.first?.bytes == Int64(kept)..<Int64(kept + 128))
  }

  @Test func fileWithoutFrameCountReportsTheCutFrameButNoMissingSamples() throws {
    let folder = TemporaryFolder("mp3-cut-noxing")
    let cleanPath = try MP3TestFiles.makeEvenFrames(in: folder, extra: ["-write_xing", "0"])
    let kept = 30 * MP3TestFiles.evenFrameLength + 10
    let path = MP3TestFiles.write(Array(MP3TestFiles.bytes(cleanPath).prefix(kept)), to: "cut.mp3", in: folder)
    let structure = try #require(MP3Structure.read(path: path))
    #expect(structure.infoFrame == nil)
    #expect(structure.audioFrameCount == 30)
    #expect(structure.ending.truncatedFrame?.missingBytes == 374)
    #expect(structure.length.missingSamples == 0)
    #expect(structure.length.span.length == nil)
  }
}
