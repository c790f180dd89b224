import AudioTestSupport
import Rendering
import Testing

/// `FileInspection` finds each file's exact length and the delay and padding its encoder added.
@Suite struct InspectionTests {
  struct Made: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var file: String
    var arguments: [String]
    /// The encoder's priming, and the packet size every encoded length is a multiple of.
    var delay: Int64
    var packet: Int64
    var source: String
  }

  static let made = [
    Made(testDescription: "LAME MP3", file: "x.mp3", arguments: ["-c:a", "libmp3lame"], delay: 1105, packet: 1152, source: "LAME tag"),
    Made(testDescription: "AAC in M4A", file: "x.m4a", arguments: ["-c:a", "aac", "-movie_timescale", "48000"], delay: 1024, packet: 1024, source: "MP4 edit list"),
    Made(testDescription: "Opus", file: "x.opus", arguments: ["-c:a", "libopus"], delay: 312, packet: 960, source: "Opus pre-skip and final granule position"),
    Made(testDescription: "FLAC", file: "x.flac", arguments: ["-c:a", "flac"], delay: 0, packet: 1, source: "none (the codec has no encoder delay)"),
  ]

  @Test(arguments: made)
  func reportsExactLengthDelayAndPadding(_ made: Made) throws {
    let folder = TemporaryFolder("segue-inspect")
    let path = folder.file(made.file)
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=3:r=48000", "-af", "atrim=end_sample=100003"] + made.arguments + [path])
    let inspection = try FileInspection.inspect(path: path)
    #expect(inspection.frameCount == 100_003)
    #expect(inspection.delay == made.delay)
    #expect((inspection.delay + inspection.frameCount + inspection.padding) % made.packet == 0)
    #expect(inspection.padding < made.packet)
    #expect(inspection.delaySource == made.source)
    #expect(inspection.info.sampleRate == 48_000)
  }
}
