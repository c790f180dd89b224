import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Each transition's two keys in the plan, its JSON, the render's summary and the page: their
/// relation on the Camelot wheel, and a warning where they clash over a long overlap.
@Suite struct KeyPlanTests {
  /// Three tones with their keys stated: A minor, E minor (adjacent), then Db major (a clash),
  /// crossfaded by `crossfade` seconds.
  static func playlist(in folder: TemporaryFolder, crossfade: Double) throws -> String {
    try writeTones([220.0, 329.63, 277.18], frames: 883_117, in: folder)
    let yaml = """
      version: 1
      defaults: { crossfade: \(crossfade) }
      entries:
        - { file: t0.flac, title: Opener, key: A minor }
        - { file: t1.flac, title: Second, key: 9A }
        - { file: t2.flac, title: Third, key: Db }

      """
    try yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
    return folder.file("set.yaml")
  }

  /// Steady tones as t0.flac, t1.flac… in `folder`, each a little longer than `frames` and the one
  /// before.
  static func writeTones(_ frequencies: [Double], frames: Int, in folder: TemporaryFolder) throws {
    for (index, frequency) in frequencies.enumerated() {
      let tone = Signal.sine(frequency: frequency, sampleRate: 44_100, channels: 2, frames: frames + 997 * index, amplitude: 0.3)
      try AudioFile.write(
        tone, layout: PCMLayout(sampleRate: 44_100, channelCount: 2), to: folder.file("t\(index).flac"), options: OutputOptions(bitDepth: 16))
    }
  }

  @Test func transitionsCarryTheirKeysAndClashesOverLongOverlapsAreWarnings() throws {
    var plans: [PlanReport] = []
    for crossfade in [9.5, 4.0] {
      let run = TemporaryFolder("segue-key-plan-\(crossfade)")
      var request = try RenderRequest(arguments: [try Self.playlist(in: run, crossfade: crossfade)], outputPath: run.file("mix.flac"))
      request.cache = nil
      plans.append(PlanReport(try Renderer.plan(request)))
    }
    for plan in plans {
      let keys = plan.transitions.compactMap(\.key)
      #expect(keys.count == 2)
      #expect(keys.first.map { [$0.outgoing, $0.incoming, $0.relation] } == ["8A", "9A", "adjacent"] && keys.first?.distance == 1)
      #expect(keys.last.map { [$0.outgoing, $0.incoming, $0.incomingName, $0.relation] } == ["9A", "3B", "Db major", "clash"])
      #expect(keys.last?.distance == 7)
      #expect(plan.table().contains("keys: 8A into 9A, adjacent") && plan.table().contains("keys: 9A into 3B, clash (7 apart)"), "\(plan.table())")
      #expect(plan.json().contains("\"relation\" : \"clash\""))
    }
    let warnings = plans.map { $0.notes.filter { $0.contains("the keys clash") } }
    #expect(warnings[0].count == 1 && warnings[0].first?.contains("9.5 s overlap: 9A (E minor) into 3B (Db major), 7 steps apart") == true, "\(warnings)")
    #expect(warnings[1].isEmpty, "a 4 s overlap is too short to hear a clash: \(warnings[1])")
  }

  /// A track played faster by varispeed plays higher: at 1.06 a semitone up, so A minor meets the
  /// next track as Bb minor.
  @Test func varispeedMovesTheKeyATrackPlaysIn() throws {
    let folder = TemporaryFolder("segue-key-varispeed")
    try Self.writeTones([220.0, 233.08], frames: 661_501, in: folder)
    let yaml = """
      version: 1
      defaults: { crossfade: 4 }
      entries:
        - { file: t0.flac, key: Am, speed: 1.06, method: varispeed }
        - { file: t1.flac, key: Bbm }

      """
    try yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
    var request = try RenderRequest(arguments: [folder.file("set.yaml")], outputPath: "")
    request.cache = nil
    let key = try #require(PlanReport(try Renderer.plan(request)).transitions.first?.key)
    #expect([key.outgoing, key.outgoingName, key.incoming, key.relation] == ["3A", "Bb minor", "3A", "same"])
  }
}
