import AudioTestSupport
import Composition
import Foundation
import Playlists
import Rendering
import Testing

/// The YAML format's beat-matching keys: `defaults` for the set, a transition's own, the command
/// line's choices over both, and bad values refused with their line.
@Suite("Beat-matching settings")
struct BeatSettingsTests {
  static func request(_ yaml: String, choices: MixChoices = MixChoices()) throws -> RenderRequest {
    let folder = TemporaryFolder("segue-beat-settings")
    try yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
    return try RenderRequest(arguments: [folder.file("set.yaml")], outputPath: folder.file("out.flac"), choices: choices)
  }

  static let set = """
    version: 1
    defaults: { crossfade: 8bars, beatmatch: true, eq-swap: true, tempo-ramp: 4, hold-tempo: false, max-tempo-change: 6, beatmatch-method: preserve-pitch }
    entries:
      - file: a.flac
        transition: { beatmatch: false }
      - file: b.flac
        bpm: 126
        first-beat: 0:00.5
        transition: { crossfade: 32beats, eq-swap: false }
      - file: c.flac
    """

  @Test func defaultsAndTransitionsReachTheMix() throws {
    let request = try Self.request(Self.set)
    #expect(request.mix.crossfadeBeats == 32 && request.mix.crossfade == nil)
    let settings = request.mix.beatMatching
    #expect(settings.enabled && settings.rampBars == 4 && !settings.holdTempo && settings.maxTempoChange == 0.06 && settings.method == .preservePitch)
    #expect(request.mix.eqSwap)
    // The first entry's transition only says not to match beats: the set's crossfade stands.
    #expect(request.inputs[0].options.beatMatch == false && request.inputs[0].options.transition == nil)
    #expect(request.inputs[1].options.beat == BeatSpec(beatsPerMinute: 126, firstBeat: 0.5))
    guard case .crossfade(let own) = request.inputs[1].options.transition else { Issue.record("no crossfade"); return }
    #expect(own.beats == 32 && request.inputs[1].options.eqSwap == false)
  }

  @Test func theCommandLineWinsOverTheDefaults() throws {
    var choices = MixChoices(crossfade: 6)
    choices.beatMatch = DJTransitionChoices(rampBars: 16, holdTempo: true, method: .reset)
    let request = try Self.request(Self.set, choices: choices)
    #expect(request.mix.crossfade == 6 && request.mix.crossfadeBeats == nil)
    #expect(request.mix.beatMatching.rampBars == 16 && request.mix.beatMatching.holdTempo && request.mix.beatMatching.method == nil)
    #expect(request.mix.beatMatching.enabled && request.mix.beatMatching.maxTempoChange == 0.06)
  }

  @Test(arguments: [
    ("defaults: { tempo-ramp: 0 }", "set.yaml:2:25: 'tempo-ramp' must be a whole number from 1 to 64 bars, not 0"),
    ("defaults: { max-tempo-change: 51 }", "set.yaml:2:31: 'max-tempo-change' must be from 0 to 50 percent, not 51"),
    ("defaults: { beatmatch-method: tape }", "set.yaml:2:31: 'beatmatch-method' must be auto, varispeed or preserve-pitch, not 'tape'"),
    ("defaults: { crossfade: 0bars }", "set.yaml:2:24: 'crossfade' counts from one beat to 1024 bars, not '0bars'"),
    ("defaults: { beatmatch: maybe }", "set.yaml:2:24: 'beatmatch' must be true or false"),
  ])
  func badValuesAreRefusedWithTheirLine(line: String, message: String) throws {
    let error = #expect(throws: (any Error).self) { try Self.request("version: 1\n\(line)\nentries:\n  - file: a.flac\n") }
    #expect("\(error!)".contains(message), "\(error!)")
  }
}
