import AudioTestSupport
import Foundation
import Rendering
import Testing

/// Files made by the ffmpeg CLI, each with its own way of stating delay and padding, decode to
/// exactly the length they were made with, aligned with the same tone written as plain PCM.
@Suite("Files made by the ffmpeg CLI")
struct CLIMadeFileTests {
  /// One file to make: its encoder arguments and the tone's rate and length.
  struct MadeFile: Sendable, CustomTestStringConvertible {
    var name: String
    var fileExtension: String
    var sampleRate: Int
    var frames: Int
    var encoder: [String]
    var testDescription: String { name }
    var isMP4: Bool { fileExtension == "m4a" }
  }

  static let files = [
    MadeFile(name: "LAME-tagged MP3", fileExtension: "mp3", sampleRate: 44_100, frames: 100_003, encoder: ["-c:a", "libmp3lame"]),
    MadeFile(
      name: "M4A, edit list at timescale 44100", fileExtension: "m4a", sampleRate: 44_100, frames: 100_003,
      encoder: ["-c:a", "aac", "-movie_timescale", "44100"]),
    // The default timescale is the millisecond: the edit list rounds 100,003 frames to 2268 ms
    // (99,979 frames), and the sample table gives the exact length back.
    MadeFile(name: "M4A, default timescale", fileExtension: "m4a", sampleRate: 44_100, frames: 100_003, encoder: ["-c:a", "aac"]),
    // No edit list: the 1024-frame priming of FFmpeg's encoder, which the file names.
    MadeFile(
      name: "M4A without an edit list", fileExtension: "m4a", sampleRate: 44_100, frames: 100_003,
      encoder: ["-c:a", "aac", "-use_editlist", "0"]),
    MadeFile(name: "Opus in Ogg", fileExtension: "opus", sampleRate: 48_000, frames: 100_003, encoder: ["-c:a", "libopus"]),
  ]

  @Test(arguments: files)
  func decodesToTheLengthItWasMadeWith(_ file: MadeFile) throws {
    let folder = TemporaryFolder()
    let tone = ["-f", "lavfi", "-i", "sine=f=440:d=3:r=\(file.sampleRate)", "-af", "atrim=end_sample=\(file.frames)"]
    let path = folder.file("made.\(file.fileExtension)")
    let referencePath = folder.file("reference.wav")
    try FFmpegCLI.make(tone + file.encoder + [path])
    try FFmpegCLI.make(tone + ["-c:a", "pcm_s16le", referencePath])

    let (decoded, layout) = try AudioFile.read(path: path)
    #expect(layout.sampleRate == file.sampleRate)
    #expect(decoded.count == file.frames, "AudioFile.read gives \(decoded.count) frames")
    let reference = try AudioFile.read(path: referencePath).samples
    try #require(reference.count == file.frames && decoded.count == reference.count)
    #expect(Measure.bestLag(decoded, reference, channels: 1, around: file.frames / 2) == 0)
    // The tone is 1/8 of full scale (0.088 RMS); measured RMS errors at the CLI's default rates:
    // MP3 0.0044, AAC 0.0017, Opus 0.0006.
    #expect(Measure.rmsError(decoded, reference, channels: 1, ranges: [0..<file.frames]) <= 0.01)

    let cliLength = try FFmpegCLI.decodeFloat(path).count
    if file.isMP4 {
      // The CLI of FFmpeg 5.1 keeps the end padding (and, without an edit list, the priming).
      #expect(cliLength > file.frames)
    } else {
      #expect(cliLength == file.frames)
    }
    if file.fileExtension == "mp3" {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(bytes.range(of: Data("Info".utf8)) != nil || bytes.range(of: Data("Xing".utf8)) != nil, "no gapless header")
    }
  }
}
