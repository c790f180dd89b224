import AudioTestSupport
import FFmpegAudio
import Foundation
import Testing

@testable import Rendering

/// FFmpegAudio's probe and reader throw `AudioFileError` itself, and its cases give the input
/// problems the user reads: a missing file, a file that is not audio, a file with no audio stream.
@Suite struct TypedInputErrorTests {
  /// The problem `AudioStreamInfo.probe` meets in `path`; nil when it reads the file.
  static func probeProblem(_ path: String) -> InputProblem? {
    do throws(AudioFileError) {
      _ = try AudioStreamInfo.probe(path: path)
      return nil
    } catch {
      return InputCheck.problem(for: error)
    }
  }

  @Test func aMissingFileIsNotFound() {
    #expect(Self.probeProblem(TemporaryFolder().file("missing.flac")) == .notFound)
  }

  @Test func textIsNotAudio() throws {
    let folder = TemporaryFolder()
    let path = folder.file("text.mp3")
    try "This is not audio.\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(Self.probeProblem(path) == .notAudio)
  }

  @Test func aVideoWithoutSoundHasNoAudioStream() throws {
    let folder = TemporaryFolder()
    let path = folder.file("silent.mp4")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "testsrc=duration=1:size=64x64:rate=10", "-c:v", "mpeg4", path])
    #expect(Self.probeProblem(path) == .noAudioStream)
    do throws(AudioFileError) {
      _ = try AudioFileReader(path: path)
      Issue.record("a video without sound opened as audio")
    } catch {
      guard case .ffmpeg(let cause) = error else { return #expect(Bool(false), "\(error)") }
      #expect(cause.isStreamNotFound)
    }
  }
}
