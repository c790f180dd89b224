import Composition
import Playlists
import Settings
import Testing

/// The settings chosen by a word take the same words in a playlist and on the command line, both
/// from the choice's type (`SettingChoice`), and a word neither takes is refused listing the same
/// words in the same order.
@Suite struct ChoiceParityTests {
  /// One setting both a playlist's defaults and the command line choose by a word.
  struct Case: Sendable, CustomTestStringConvertible {
    var setting: Setting
    var words: [String]
    /// What the playlist read, as the word it was read from.
    var read: @Sendable (JoinChoices) -> String?
    var testDescription: String { setting.field }
    /// The flag that sets it: `--` and its field.
    var flag: String { "--" + setting.field }
  }

  static let cases: [Case] = [
    Case(setting: .curve, words: CurveChoice.words, read: { $0.curve?.rawValue }),
    Case(setting: .beatmatchMethod, words: StretchChoice.words, read: { $0.beatMatch.method.value?.rawValue ?? ($0.beatMatch.method == .reset ? "auto" : nil) }),
    Case(setting: .keyShift, words: KeyShiftChoice.words, read: { $0.beatMatch.keyShift.map { $0 ? "auto" : "off" } }),
    Case(setting: .loudnessScope, words: LoudnessScope.words, read: { $0.loudness.scope?.rawValue }),
    Case(setting: .peakPolicy, words: PeakPolicy.words, read: { $0.loudness.peakPolicy?.rawValue }),
    Case(setting: .method, words: StretchChoice.words, read: { $0.stretch.map { $0.method?.rawValue ?? "auto" } }),
  ]

  /// A playlist whose defaults give `setting` the value `word`.
  static func playlist(_ setting: Setting, _ word: String) -> String {
    "version: 1\ndefaults: { \(setting.field): \(word) }\nentries: []\n"
  }

  @Test(arguments: cases)
  func everyWordIsReadByThePlaylistAndTheCommandLine(_ choice: Case) throws {
    let fixture = try Fixture([ErrorCase.track])
    for word in choice.words {
      let playlist = try NativePlaylist.parse(Self.playlist(choice.setting, word), file: "set.yaml")
      #expect(choice.read(playlist.defaults) == word)
      // `method` is a playlist's field alone; the command line's stretch methods are checked below.
      guard choice.setting != .method else { continue }
      let cli = try fixture.run(renderArguments("a.flac -o out.flac \(choice.flag) \(word) --emit-request"))
      #expect(cli.status == 0, "\(choice.flag) \(word): \(cli.stderr)")
      #expect(cli.stdout.contains("\"\(word)\""), "\(cli.stdout)")
    }
  }

  /// `--stretch-method` (with `--fit`) and `stretch --method` take the words a playlist's `method` does.
  @Test func theStretchMethodFlagsTakeThePlaylistsWords() throws {
    let fixture = try Fixture([ErrorCase.track])
    for word in StretchChoice.words {
      let fit = try fixture.run(renderArguments("a.flac -o out.flac --fit 10 --stretch-method \(word) --emit-request"))
      #expect(fit.status == 0, "\(fit.stderr)")
      let bad = try fixture.run(["stretch", "a.flac", "-o", "out.flac", "--method", word + "x"])
      #expect(Self.listed(inUsageError: bad.stderr) == StretchChoice.words, "\(bad.stderr)")
    }
  }

  @Test(arguments: cases)
  func aBadWordListsTheSameWords(_ choice: Case) throws {
    let playlistError = #expect(throws: PlaylistError.self) { try NativePlaylist.parse(Self.playlist(choice.setting, "wobble"), file: "set.yaml") }
    let refusal = SettingProblem.notOneOf(choice.setting, value: "wobble", choices: choice.words)
    #expect(playlistError?.message == refusal.message(naming: { "'\($0.field)'" }))
    guard choice.setting != .method else { return }
    let fixture = try Fixture([ErrorCase.track])
    let cli = try fixture.run(renderArguments("a.flac -o out.flac \(choice.flag) wobble"))
    #expect(cli.status == 64)
    #expect(Self.listed(inUsageError: cli.stderr) == choice.words, "\(cli.stderr)")
  }

  /// A time is read by `TimeLength` on both sides: one refusal, named each side's way.
  @Test(arguments: ["1:75", "-1", "1e300", "inf", "16bars"])
  func aBadTimeIsRefusedAlike(_ text: String) throws {
    let problem = #expect(throws: TimeLength.Problem.self) { try TimeLength.seconds(in: text) }
    let playlistError = #expect(throws: PlaylistError.self) { try NativePlaylist.parse("version: 1\ndefaults: { gap: \(text) }\nentries: []\n", file: "set.yaml") }
    #expect(playlistError?.message == problem?.message(naming: "'gap'"))
    let fixture = try Fixture([ErrorCase.track])
    let cli = try fixture.run(renderArguments("a.flac -o out.flac --gap \(text)"))
    #expect(cli.stderr.hasPrefix("Error: \(problem?.message(naming: "--gap") ?? "")\n"), "\(cli.stderr)")
  }

  /// The words the parser's refusal lists: `one of 'a', 'b' or 'c'.`, or one a line (`  - a`).
  static func listed(inUsageError text: String) -> [String] {
    guard let start = text.range(of: "Please provide one of") else { return [] }
    let rest = text[start.upperBound...].prefix { $0 != "." }
    let quoted = rest.matches(of: /'([^']+)'/).map { String($0.output.1) }
    let bulleted = rest.matches(of: /\n  - (\S+)/).map { String($0.output.1) }
    return quoted.isEmpty ? bulleted : quoted
  }
}
