import AudioTestSupport
import Foundation
import Testing

/// `inspect` and `render` read one set of facts: a file one refuses, the other refuses with the
/// same words, and a file one accepts has the length the other renders.
@Suite struct InspectAgreesTests {
  @Test func inspectRefusesWhatRenderRefusesWithTheSameMessage() throws {
    let fixture = try Fixture([.truncatedFLAC("cut.flac", frames: 100_003), .noAudio("none.flac")])
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=d=3", "-af", "atrim=end_sample=100003", "-c:a", "libmp3lame", fixture.file("whole.mp3")])
    let mp3 = try Data(contentsOf: URL(fileURLWithPath: fixture.file("whole.mp3")))
    try fixture.write("cut.mp3", mp3.prefix(mp3.count / 2))
    for name in ["cut.flac", "none.flac", "cut.mp3"] {
      let inspected = try fixture.run(["inspect", name])
      let rendered = try fixture.run(["render", name, "-o", "out.wav"])
      #expect(inspected.status == 1 && rendered.status == 1, "\(name)")
      #expect(inspected.stderr.hasPrefix("error: \(name): ") && inspected.stderr == rendered.stderr, "\(inspected.stderr) | \(rendered.stderr)")
    }
  }

  @Test func inspectStatesTheLengthRenderWrites() throws {
    let fixture = try Fixture()
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=d=3:r=8000", "-af", "atrim=end_sample=9876", "-c:a", "adpcm_ima_wav", fixture.file("a.wav")])
    let inspected = try fixture.run(["inspect", "a.wav", "--json"])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(inspected.stdout.utf8)) as? [String: Any])
    let frames = try #require((report["files"] as? [[String: Any]])?.first?["frames"] as? Int)
    let rendered = try fixture.run(["render", "a.wav", "-o", "out.wav"])
    #expect(rendered.stdout.contains("= \(frames) sample frames"), "\(rendered.stdout)")
  }
}
