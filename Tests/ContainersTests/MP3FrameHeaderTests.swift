import AudioTestSupport
import Containers
import Foundation
import Testing

/// Frame headers of every version and layer give the lengths of ISO 11172-3 and 13818-3.
struct MP3FrameHeaderTests {
  struct Case: Sendable, CustomStringConvertible {
    var word: UInt32
    var version: MP3FrameHeader.Version
    var layer: Int
    var bitrate: Int
    var sampleRate: Int
    var samplesPerFrame: Int
    /// nil for free format
    var frameLength: Int?
    var description: String { String(word, radix: 16) }

    init(
      _ word: UInt32, _ version: MP3FrameHeader.Version, layer: Int, kbps: Int, rate: Int, spf: Int, bytes: Int?
    ) {
      self.word = word
      self.version = version
      self.layer = layer
      self.bitrate = kbps * 1000
      self.sampleRate = rate
      self.samplesPerFrame = spf
      self.frameLength = bytes
    }
  }

  static let cases: [Case] = [
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz: 144 × 128000 / 44100 = 417, 418 padded.
    Case(0xFFFB_9064, .mpeg1, layer: 3, kbps: 128, rate: 44100, spf: 1152, bytes: 417),
    Case(0xFFFB_9264, .mpeg1, layer: 3, kbps: 128, rate: 44100, spf: 1152, bytes: 418),
    // MPEG-1 layer III, 320 kbit/s, 32 kHz: the longest layer III frame, 1440 bytes.
    Case(0xFFFB_E844, .mpeg1, layer: 3, kbps: 320, rate: 32000, spf: 1152, bytes: 1440),
    // MPEG-2 layer III, 80 kbit/s, 22.05 kHz: 72 × 80000 / 22050 = 261.
    Case(0xFFF3_9044, .mpeg2, layer: 3, kbps: 80, rate: 22050, spf: 576, bytes: 261),
    // MPEG-2.5 layer III, 64 kbit/s, 11.025 kHz: 72 × 64000 / 11025 = 417.
    Case(0xFFE3_80C4, .mpeg25, layer: 3, kbps: 64, rate: 11025, spf: 576, bytes: 417),
    // MPEG-2.5 layer III, 8 kbit/s, 8 kHz: 72 bytes.
    Case(0xFFE3_18C4, .mpeg25, layer: 3, kbps: 8, rate: 8000, spf: 576, bytes: 72),
    // MPEG-1 layer II, 256 kbit/s, 44.1 kHz: 144 × 256000 / 44100 = 835.
    Case(0xFFFD_C004, .mpeg1, layer: 2, kbps: 256, rate: 44100, spf: 1152, bytes: 835),
    // MPEG-2 layer II, 160 kbit/s, 24 kHz: 144 × 160000 / 24000 = 960.
    Case(0xFFF5_E404, .mpeg2, layer: 2, kbps: 160, rate: 24000, spf: 1152, bytes: 960),
    // MPEG-1 layer I, 288 kbit/s, 44.1 kHz: (12 × 288000 / 44100) × 4 = 312, 316 padded.
    Case(0xFFFF_9000, .mpeg1, layer: 1, kbps: 288, rate: 44100, spf: 384, bytes: 312),
    Case(0xFFFF_9200, .mpeg1, layer: 1, kbps: 288, rate: 44100, spf: 384, bytes: 316),
    // MPEG-2 layer I, 256 kbit/s, 16 kHz: (12 × 256000 / 16000) × 4 = 768.
    Case(0xFFF7_E800, .mpeg2, layer: 1, kbps: 256, rate: 16000, spf: 384, bytes: 768),
    // Free format: bitrate index 0.
    Case(0xFFFB_0064, .mpeg1, layer: 3, kbps: 0, rate: 44100, spf: 1152, bytes: nil),
  ]

  @Test(arguments: cases)
  func headerGivesLengthAndSamples(_ expected: Case) throws {
    let header = try #require(MP3FrameHeader(expected.word))
    #expect(header.version == expected.version)
    #expect(header.layer == expected.layer)
    #expect(header.bitrate == expected.bitrate)
    #expect(header.sampleRate == expected.sampleRate)
    #expect(header.samplesPerFrame == expected.samplesPerFrame)
    #expect(header.frameLength == expected.frameLength)
    #expect(header.isFreeFormat == (expected.frameLength == nil))
  }

  @Test(arguments: [
    0x7FFB_9064 as UInt32,  // no sync
    0xFFEB_9064,  // version 01 is reserved
    0xFFF9_9064,  // layer 00 is reserved
    0xFFFB_F064,  // bitrate index 15 is forbidden
    0xFFFB_9C64,  // sample-rate index 3 is reserved
  ])
  func reservedValuesAreNoHeader(_ word: UInt32) {
    #expect(MP3FrameHeader(word) == nil)
  }

  @Test func channelModeAndChecksumBits() throws {
    let mono = try #require(MP3FrameHeader(0xFFFB_90C4))
    #expect(mono.channelMode == .mono)
    #expect(mono.channels == 1)
    #expect(!mono.hasChecksum)
    let protected = try #require(MP3FrameHeader(0xFFFA_9064))
    #expect(protected.channelMode == .jointStereo)
    #expect(protected.hasChecksum)
  }

  /// Layer II frames from the ffmpeg CLI's mp2 encoder are walked like layer III.
  @Test func layerIIStreamIsWalked() throws {
    let folder = TemporaryFolder("mp2-walk")
    let path = folder.file("sine.mp2")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=3", "-af", "atrim=end_sample=100003", "-c:a", "mp2", path])
    let structure = try #require(MP3Structure.read(path: path))
    #expect(structure.firstHeader.layer == 2)
    #expect(structure.infoFrame == nil)
    #expect(structure.ending == MP3Ending())
    #expect(structure.resyncCount == 0)
    #expect(structure.decodedSampleCount == (try MP3TestFiles.decodedFrames(path, channels: 1)))
  }

  /// Free-format frames state no length: the walk stops at the first and says where.
  @Test func freeFormatStopsTheWalk() throws {
    let folder = TemporaryFolder("mp3-free")
    var bytes = MP3TestFiles.bytes(try MP3TestFiles.makeEvenFrames(in: folder, extra: ["-write_xing", "0"]))
    for frame in stride(from: 0, to: bytes.count, by: MP3TestFiles.evenFrameLength) { bytes[frame + 2] &= 0x0F }
    let structure = try #require(MP3Structure.read(path: MP3TestFiles.write(bytes, to: "free.mp3", in: folder)))
    #expect(structure.firstHeader.isFreeFormat)
    #expect(structure.freeFormatOffset == 0)
    #expect(structure.frameCount == 0)
    #expect(structure.length.span.length == nil)
    #expect(structure.length.span.note?.contains("free-format") == true)
  }
}
