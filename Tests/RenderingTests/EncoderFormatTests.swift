import AudioTestSupport
import FFmpegAudio
import Testing

/// An encoder that takes none of the sample formats Segue writes (float, 16-bit or 32-bit
/// integers; `pcm_u8` takes unsigned bytes) is refused when it is opened, with its name, instead
/// of being handed 32-bit words it would read as bytes.
@Suite struct EncoderFormatTests {
  @Test func anEncoderOfOtherFormatsIsRefused() {
    let folder = TemporaryFolder()
    let settings = EncoderSettings(codecName: "pcm_u8", layout: PCMLayout(sampleRate: 44_100, channelCount: 2))
    let error = #expect(throws: FFmpegError.self) {
      _ = try AudioFileWriter(path: folder.file("bytes.wav"), containerName: "wav", settings: settings)
    }
    #expect(error?.description.contains("pcm_u8 takes no float, 16-bit or 32-bit samples") == true)
  }
}
