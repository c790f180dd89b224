import AudioTestSupport
import Testing

/// Silence edits from the command line, on a single file as a podcast listener would ask.
@Suite struct SilenceCommandTests {
  @Test func maxPauseOnOneFileSavesThePauseAndSaysSo() throws {
    let fixture = try Fixture()
    // A tone, 2.15 s of digital silence, the tone again: one pause, 1.65 s longer than 0.5 s.
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "aevalsrc='if(between(t,0.8,2.95),0,0.3*sin(2*PI*997*t))':s=44100:d=4.3", "-ac", "2", fixture.file("talk.flac"),
    ])
    let result = try fixture.run(["render", "talk.flac", "-o", "short.mp3", "--max-pause", "0.5", "--silence-threshold", "-40"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Time saved: 0:01.65"), "\(result.stdout)")
    #expect(result.stdout.contains("shortened 1 pause under -40 dBFS longer than 0:00.500 to 0:00.500"), "\(result.stdout)")
  }
}
