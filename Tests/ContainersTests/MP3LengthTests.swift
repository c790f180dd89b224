import AudioTestSupport
import Containers
import Foundation
import Testing

/// The length read from an MP3's own fields is the source's length, whatever follows its frames.
struct MP3LengthTests {
  /// What a test appends to a clean file, and the ending the reader must see.
  struct Tail: CustomStringConvertible {
    var name: String
    var bytes: [UInt8]
    /// The tags expected, as (kind, length) in file order.
    var tags: [(MP3TrailingTag.Kind, Int)]
    var junk: Int
    var description: String { name }
  }

  static let tails: [Tail] = [
    Tail(name: "3 KB APEv2", bytes: AudioTags.apev2Tag(), tags: [(.apev2, 3072)], junk: 0),
    Tail(name: "APEv1", bytes: AudioTags.apev1Tag(), tags: [(.apev1, AudioTags.apev1Tag().count)], junk: 0),
    Tail(name: "ID3v1", bytes: AudioTags.id3v1Tag(), tags: [(.id3v1, 128)], junk: 0),
    Tail(
      name: "Lyrics3v2", bytes: AudioTags.lyrics3v2Tag(), tags: [(.lyrics3v2, AudioTags.lyrics3v2Tag().count)],
      junk: 0),
    Tail(
      name: "Lyrics3v2 + ID3v1", bytes: AudioTags.lyrics3v2Tag() + AudioTags.id3v1Tag(),
      tags: [(.lyrics3v2, AudioTags.lyrics3v2Tag().count), (.id3v1, 128)], junk: 0),
    Tail(
      name: "Lyrics3v1 + ID3v1", bytes: AudioTags.lyrics3v1Tag() + AudioTags.id3v1Tag(),
      tags: [(.lyrics3v1, AudioTags.lyrics3v1Tag().count), (.id3v1, 128)], junk: 0),
    Tail(
      name: "APEv2 + ID3v1", bytes: AudioTags.apev2Tag(length: 200) + AudioTags.id3v1Tag(),
      tags: [(.apev2, 200), (.id3v1, 128)], junk: 0),
    Tail(name: "1 KB of zeros", bytes: [UInt8](repeating: 0, count: 1024), tags: [], junk: 1024),
    Tail(
      name: "zeros + ID3v1", bytes: [UInt8](repeating: 0, count: 100) + AudioTags.id3v1Tag(), tags: [(.id3v1, 128)],
      junk: 100),
  ]

  @Test(arguments: MP3TestFiles.encodings)
  func cleanFileLengthIsTheSourceLength(encoding: MP3TestFiles.Encoding) throws {
    let folder = TemporaryFolder("mp3-length")
    let path = try MP3TestFiles.make(encoding, in: folder)
    // The judge: FFmpeg gets a clean file right, and that is the source's length.
    #expect(try MP3TestFiles.decodedFrames(path, channels: encoding.channels) == encoding.samples)
    let structure = try #require(MP3Structure.read(path: path))
    #expect(structure.samplesPerFrame == encoding.samplesPerFrame)
    #expect(structure.firstHeader.version == (encoding.sampleRate == 44100 ? .mpeg1 : .mpeg2))
    #expect(structure.firstHeader.channels == encoding.channels)
    #expect(structure.infoFrame?.kind == .info)
    #expect(structure.infoFrame?.frameCount == structure.audioFrameCount)
    #expect(structure.infoFrame?.lame?.checksumMatches == true)
    #expect(structure.infoFrame?.lame?.encoder.hasPrefix("Lavc") == true)
    #expect(structure.ending == MP3Ending())
    #expect(structure.audioEnd == structure.fileLength)
    let length = structure.length
    #expect(length.span == GaplessSpan(skip: 0, length: encoding.samples, source: "LAME tag"))
    #expect(length.missingSamples == 0)
  }

  @Test(arguments: MP3TestFiles.encodings)
  func bytesAfterTheLastFrameChangeNeitherTheLengthNorTheFrames(encoding: MP3TestFiles.Encoding) throws {
    let folder = TemporaryFolder("mp3-tails")
    let clean = MP3TestFiles.bytes(try MP3TestFiles.make(encoding, in: folder))
    let cleanStructure = try #require(MP3Structure.read(path: folder.file("sine.mp3")))
    for tail in Self.tails {
      let path = MP3TestFiles.write(clean + tail.bytes, to: "tail.mp3", in: folder)
      let structure = try #require(MP3Structure.read(path: path), "\(tail)")
      #expect(structure.frameCount == cleanStructure.frameCount, "\(tail)")
      #expect(structure.audioEnd == Int64(clean.count), "\(tail)")
      #expect(structure.length.span.length == encoding.samples, "\(tail)")
      #expect(structure.resyncCount == 0, "\(tail)")
      let ending = structure.ending
      #expect(ending.truncatedFrame == nil, "\(tail)")
      #expect(ending.junk?.count ?? 0 == tail.junk, "\(tail)")
      #expect(ending.junk?.lowerBound ?? Int64(clean.count) == Int64(clean.count), "\(tail)")
      #expect(ending.tags.map(\.kind) == tail.tags.map(\.0), "\(tail)")
      #expect(ending.tags.map { Int($0.bytes.count) } == tail.tags.map(\.1), "\(tail)")
      #expect(ending.tags.last?.bytes.upperBound ?? structure.fileLength == structure.fileLength, "\(tail)")
      #expect(ending.kind == (tail.junk > 0 ? .junk : .tags), "\(tail)")
    }
  }

  /// The defect this reader fixes: with a large trailing tag FFmpeg 5.1 drops the frame count
  /// ("invalid concatenated file") and keeps the end padding, while still dropping the start.
  @Test(arguments: MP3TestFiles.encodings)
  func largeTrailingTagMisleadsFFmpegButNotTheReader(encoding: MP3TestFiles.Encoding) throws {
    let folder = TemporaryFolder("mp3-ape")
    let cleanPath = try MP3TestFiles.make(encoding, in: folder)
    let path = MP3TestFiles.write(MP3TestFiles.bytes(cleanPath) + AudioTags.apev2Tag(), to: "ape.mp3", in: folder)
    let clean = try FFmpegCLI.decodeFloat(cleanPath)
    let tagged = try FFmpegCLI.decodeFloat(path)
    let structure = try #require(MP3Structure.read(path: path))
    let lame = try #require(structure.infoFrame?.lame)
    // FFmpeg's overshoot is the end padding less the decoder delay it skipped at the start.
    let overshoot = Int64(lame.padding) - MP3Length.decoderDelay
    #expect(Int64(tagged.count / encoding.channels) == encoding.samples + overshoot)
    // The start is still skipped: the audio begins at sample 0, so the span's skip is 0.
    #expect(zip(clean, tagged).allSatisfy { $0 == $1 })
    #expect(structure.length.span == GaplessSpan(skip: 0, length: encoding.samples, source: "LAME tag"))
  }
}
