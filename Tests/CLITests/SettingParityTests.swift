import AudioTestSupport
import Playlists
import Rendering
import Settings
import Testing

/// A setting out of range is refused by the library's one check: a Swift caller gets the same
/// error case, with the same values, that the command line's refusal words with its flags.
@Suite struct SettingParityTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var flags: String
    var choices: @Sendable (inout MixChoices) -> Void = { _ in }
    var output = OutputOptions()
    var problem: SettingProblem
    var cliMessage: String
    var testDescription: String { flags }
  }

  static let cases: [Case] = [
    Case(
      flags: "--loudness 5", choices: { $0.loudness.target = 5 }, problem: .outOfRange(.loudness, value: 5, allowed: -70...0),
      cliMessage: "--loudness must be from -70 to 0 LUFS, not 5"),
    Case(
      flags: "--beatmatch --tempo-ramp 0", choices: { $0.beatMatch.rampBars = 0 }, problem: .outOfRange(.tempoRamp, value: 0, allowed: 1...64),
      cliMessage: "--tempo-ramp must be a whole number from 1 to 64 bars, not 0"),
    Case(
      flags: "--max-pause 0.05", choices: { $0.silence.maxPause = 0.05 }, problem: .outOfRange(.maxPause, value: 0.05, allowed: 0.1...3600),
      cliMessage: "--max-pause must be from 0.1 to 3600 s, not 0.05"),
    Case(
      flags: "--chapter-gap 600.5", choices: { $0.silence.chapterGap = 600.5 }, problem: .outOfRange(.chapterGap, value: 600.5, allowed: 0...600),
      cliMessage: "--chapter-gap must be from 0 to 600 s, not 600.5"),
    Case(
      flags: "--crossfade 2 --gap 1", choices: { ($0.crossfade, $0.gap) = (2, 1) }, problem: .notBoth(.crossfade, .gap),
      cliMessage: "give --crossfade or --gap, not both"),
    Case(
      flags: "--sample-rate 7999", output: OutputOptions(sampleRate: 7999), problem: .outOfRange(.sampleRate, value: 7999, allowed: 8000...384_000),
      cliMessage: "--sample-rate must be a whole number from 8000 to 384000 Hz, not 7999"),
    Case(
      flags: "--bitrate 320k --quality 2", output: OutputOptions(bitRate: 320_000, quality: 2), problem: .notBoth(.bitRate, .quality),
      cliMessage: "give --bitrate or --quality, not both"),
  ]

  @Test(arguments: cases)
  func swiftAndTheCommandLineGetTheSameRefusal(_ parity: Case) throws {
    let fixture = try Fixture([ErrorCase.track])
    let cli = try fixture.run(renderArguments("a.flac -o out.flac \(parity.flags)"))
    #expect(cli.status == 64, "\(cli.stderr)")
    #expect(cli.stderr.contains(parity.cliMessage), "\(cli.stderr)")

    var choices = MixChoices()
    parity.choices(&choices)
    #expect(throws: parity.problem) { try choices.check() ; try parity.output.check() }
    let refusal = #expect(throws: RenderError.self) {
      var request = try RenderRequest(arguments: [fixture.file("a.flac")], outputPath: fixture.file("out.flac"), choices: choices)
      request.output = parity.output
      _ = try Renderer.plan(request)
    }
    guard case .setting(let problem)? = refusal else {
      Issue.record("refused as \(String(describing: refusal)), not as a setting")
      return
    }
    #expect(problem == parity.problem)
    // The library names the setting, not the flag.
    #expect(!problem.description.contains("--"), "\(problem.description)")
  }

  /// A time the library refuses is worded in seconds, as every time setting is given.
  @Test func aRefusedEdgeFadeIsWordedInSeconds() throws {
    var request = RenderRequest(inputs: [InputSource(path: "a.flac")], outputPath: "out.flac")
    request.edgeFade = -0.25
    #expect(throws: SettingProblem.outOfRange(.edgeFade, value: -0.25, allowed: 0...TimeParser.maximumSeconds)) { try request.check() }
    #expect(Setting.edgeFade.unit == " s")
  }

  /// A playlist's field is checked by the same rule, and named as the playlist names it.
  @Test func aPlaylistFieldIsCheckedByTheSameRule() throws {
    let fixture = try Fixture([ErrorCase.track, .text("set.yaml", "version: 1\ndefaults: { loudness: 5 }\nentries:\n  - a.flac\n")])
    let cli = try fixture.run(renderArguments("set.yaml -o out.flac"))
    #expect(cli.stderr == "error: set.yaml:2:23: 'loudness' must be from -70 to 0 LUFS, not 5\n")
  }
}
