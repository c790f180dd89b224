import AudioTestSupport
import Containers
import Testing

/// The byte clock counts the frames a run of an MP3's bytes held: exactly at a constant bit rate,
/// through the Xing seek table at a variable one.
struct MP3ByteClockTests {
  @Test func aConstantBitRateCountsPaddedFramesExactly() throws {
    // 192 kbit/s at 44.1 kHz: 626.94 bytes a frame, so frames are 626 or 627 bytes long.
    let bytes = try #require(MP3FrameHeader(0xFFFB_B000)?.bytesPerFrame(atBitRate: 192_000))
    #expect(abs(bytes - 626.938_775) < 1e-5)
    let clock = MP3ByteClock(firstAudioFrame: 417, infoFrameOffset: 0, scale: .constant(bytesPerFrame: bytes), samplesPerFrame: 1152)
    // 7 frames of which 6 are padded, and 1 of 13 unpadded frames of 626 bytes and 1 of 627.
    #expect(clock.framesBetween(10_000, 10_000 + 6 * 627 + 626) == 7)
    #expect(clock.framesBetween(417, 417 + 13 * 627) == 13)
    #expect(clock.framesBetween(417, 417 + 1_001 * 627) == 1_001)
  }

  @Test func aSeekTableIsReadWithinItsSteps() {
    // The first half of the frames take a quarter of the bytes, the second half the rest.
    let entries: [UInt8] = (0..<100).map { (index: Int) -> UInt8 in
      let byte: Int = index < 50 ? index * 64 / 50 : 64 + (index - 50) * 192 / 50
      return UInt8(byte)
    }
    let clock = MP3ByteClock(
      firstAudioFrame: 1_000, infoFrameOffset: 0, scale: .seekTable(entries: entries, streamBytes: 256_000, frames: 2_000),
      samplesPerFrame: 1152)
    #expect(abs(clock.frames(at: 64_000) - 1_000) < 0.5)
    #expect(abs(clock.frames(at: 32_000) - 500) < 20)
    #expect(abs(clock.frames(at: 160_000) - 1_500) < 20)
    #expect(clock.frames(at: 256_000) == 2_000)
    // Bytes early in the stream hold three times the frames they hold late (64 bytes a frame
    // against 192), to within a step of the table (20 frames).
    #expect(abs(clock.framesBetween(10_000, 30_000) - 312) <= 20)
    #expect(abs(clock.framesBetween(180_000, 200_000) - 104) <= 20)
  }

  @Test func encodedFilesGetTheClockTheirFramesCall() throws {
    let folder = TemporaryFolder("mp3-clock")
    let constant = try #require(MP3Structure.read(path: try MP3TestFiles.make(MP3TestFiles.encodings[0], in: folder, extra: ["-b:a", "192k"])))
    #expect(constant.constantBitRate == 192_000)
    guard case .constant(let bytes) = constant.byteClock?.scale else {
      Issue.record("a CBR file's clock is \(String(describing: constant.byteClock))")
      return
    }
    #expect(abs(bytes - 626.938_775) < 1e-5)

    let variable = try #require(
      MP3Structure.read(path: try MP3TestFiles.make(MP3TestFiles.encodings[0], in: folder, name: "vbr.mp3", extra: ["-q:a", "2"])))
    #expect(variable.constantBitRate == nil)
    guard case .seekTable(let entries, _, let frames) = variable.byteClock?.scale else {
      Issue.record("a VBR file's clock is \(String(describing: variable.byteClock))")
      return
    }
    #expect(entries.count == 100 && entries.first == 0)
    #expect(frames == variable.audioFrameCount)
  }
}
