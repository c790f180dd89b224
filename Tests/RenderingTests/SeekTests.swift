import AudioTestSupport
import FFmpegAudio
import Testing

/// A reader moved by `seek` continues exactly where it was sent and ends where the file ends.
@Suite struct SeekTests {
  @Test(arguments: [TestFormat.flac16, .wav16])
  func seekThenReadToTheEnd(format: TestFormat) throws {
    let folder = TemporaryFolder()
    let frames = 100_003, target = 40_001
    let samples = Fixture.music(sampleRate: format.sampleRate, frames: frames)
    let path = try Fixture.write(samples, as: format, in: folder, stem: "long")
    let reader = try AudioFileReader(path: path)
    #expect(try reader.seek(toFrame: Int64(target)))
    var read: [Float] = []
    while let block = try reader.nextBlock() { read += block }
    let expected = Fixture.frames(samples, target..<frames, channels: 2)
    #expect(read.count == expected.count)
    let same = read == expected
    #expect(same, "not the samples from the seek point on")
    #expect(reader.framesDelivered == Int64(frames))
    #expect(reader.sourceFramesDecoded == Int64(frames))
  }
}
