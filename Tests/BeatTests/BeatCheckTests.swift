import AudioTestSupport
import Composition
import Foundation
import Playlists
import Rendering
import Testing

/// The beat check a beat-matched render prints, judged on real joins that are right and on the
/// same joins with the incoming track's first beat stated 20, 40 and 80 ms late (so its beats
/// play that much early): the right ones never warn, the shifted ones warn with the shift as their
/// median, and where both are heard clearly numpy's onsets on each track rendered alone agree.
@Suite struct BeatCheckTests {
  /// The facts of every file these tests analyse, kept for the test run (the real set's own).
  static let cache = RealDJSet.cache

  /// A beat-matched join rendered over its overlap: the render's own check and, measured by numpy
  /// on the two tracks rendered alone over the same frames, the incoming track's median onset
  /// offset (nil where not asked, or where the render could not check the join).
  struct Join {
    var check: BeatAlignment
    var judged: Double?
  }

  /// Renders `paths[0]` into `paths[1]` beat-matched over `crossfade` (16 bars, or 8 for the
  /// short synthesized tracks), over the overlap and a second before it; with `shift`, the incoming entry states its analysed tempo and its first beat
  /// `shift` seconds later than analysed. Nil where the plan does not match the beats.
  static func join(_ paths: [String], crossfade: String = "16bars", shift: Double? = nil, judged: Bool) throws -> Join? {
    let folder = TemporaryFolder("segue-beat-check")
    var stated = ""
    if let shift {
      let tempo = try #require(try AnalysisReport.measure([paths[1]], key: false, cache: cache).tracks.first?.tempo)
      let bpm = try #require(tempo.beatsPerMinute), first = try #require(tempo.firstBeatSeconds)
      stated = ", bpm: \(bpm), first-beat: \(first + shift)"
    }
    func request(gains: (Double, Double), _ name: String) throws -> RenderRequest {
      let playlist = folder.file("\(name).yaml")
      try """
      version: 1
      defaults: { crossfade: \(crossfade), beatmatch: true }
      entries:
        - { file: "\(paths[0])", gain: \(gains.0) }
        - { file: "\(paths[1])", gain: \(gains.1)\(stated) }

      """.write(toFile: playlist, atomically: true, encoding: .utf8)
      var request = try RenderRequest(arguments: [playlist], outputPath: folder.file("\(name).wav"), choices: MixChoices())
      request.cache = cache
      request.output.bitDepth = 32
      return request
    }
    let plan = try Renderer.plan(try request(gains: (0, 0), "plan")).plan
    guard let transition = plan.transitions.first, case .matched(let match) = transition.beatMatch else { return nil }
    let rate = Double(plan.timeline.sampleRate)
    let tracks = plan.timeline.clips.filter { $0.layer == .track }
    let incomingStart = tracks.filter { $0.item == 1 }.map(\.start).min()!
    let outgoingEnd = tracks.filter { $0.item == 0 }.map(\.end).max()!
    let from = Double(incomingStart) / rate - 1
    let range = TimeRange(from: from, to: Double(outgoingEnd) / rate)
    func rendered(gains: (Double, Double), _ name: String) throws -> (String, RenderReport) {
      var part = try request(gains: gains, name)
      part.range = range
      return (part.outputPath, try Renderer.render(part))
    }
    let check = try #require(try rendered(gains: (0, 0), "mix").1.beatAlignments.first)
    guard judged, check.state != .notCheckable else { return Join(check: check, judged: nil) }
    let period = 60 / match.outgoingBPM
    let beats = Array(stride(from: Double(match.alignedAt) / rate, through: Double(outgoingEnd) / rate - period / 4, by: period))
      .map { $0 - from }
    let outgoing = try rendered(gains: (0, -90), "outgoing").0, incoming = try rendered(gains: (-90, 0), "incoming").0
    return Join(check: check, judged: try OnsetJudge.medianOffset(earlier: outgoing, later: incoming, beats: beats, period: period))
  }

  /// The beat-matched joins of the real DJ set (`RealDJSet`), as pairs of paths, found once.
  static let realJoins = Result { () throws -> [[String]] in
    let report = try RealDJSet.plan()
    return report.transitions.filter { $0.beatMatch?.matched == true }.map { [report.tracks[$0.from - 1].file, report.tracks[$0.to - 1].file] }
  }

  /// The first real join whose beats are clear enough on both sides to be checked, found once.
  static let checkableRealJoin = Result { () throws -> [String]? in
    try realJoins.get().first { try join($0, judged: false)?.check.state == .aligned }
  }

  /// Real joins, as the plan matched them: none warns; where one is checked, its median is within
  /// 5 ms of numpy's, and numpy finds it right (within the 10 ms the check allows).
  @Test(.enabled(if: RealMusic.isExpected)) func rightRealJoinsNeverWarn() throws {
    let joins = try Self.realJoins.get()
    try #require(joins.count >= 3, "\(joins.count) joins matched")
    var checked = 0
    for paths in joins {
      let join = try #require(try Self.join(paths, judged: true))
      let said = "\(paths.map { URL(fileURLWithPath: $0).lastPathComponent }): \(join.check)"
      #expect(join.check.state != .off, "\(said), numpy \(join.judged.map { $0 * 1000 } ?? .nan) ms")
      guard join.check.state == .aligned, let judged = join.judged else { continue }
      checked += 1
      #expect(abs(judged) <= BeatAlignment.warningSeconds, "numpy: \(judged * 1000) ms; \(said)")
      #expect(abs(join.check.medianOffsetSeconds - judged) <= 0.005, "numpy: \(judged * 1000) ms; \(said)")
    }
    #expect(checked >= 1, "no real join had clear beats on both sides")
  }

  /// A checkable real join, and a synthesized one, with the incoming first beat stated late by 20,
  /// 40 and 80 ms: each warns, its median within 5 ms of the shift (the incoming beats early).
  @Test(.enabled(if: RealMusic.isExpected), arguments: [0.020, 0.040, 0.080]) func shiftedJoinsWarnWithTheirShift(shift: Double) throws {
    let real = try Self.checkableRealJoin.get()
    let synthesized = [try TempoRangeAndSureTests.path("house"), try TempoRangeAndSureTests.path("house-48k-aac")]
    for (paths, crossfade) in [(try #require(real, "no real join had clear beats on both sides"), "16bars"), (synthesized, "8bars")] {
      let check = try #require(try Self.join(paths, crossfade: crossfade, shift: shift, judged: false)).check
      let said = "\(paths.map { URL(fileURLWithPath: $0).lastPathComponent }) shifted \(shift * 1000) ms: \(check)"
      #expect(check.state == .off, "\(said)")
      #expect(abs(check.medianOffsetSeconds + shift) <= 0.005, "\(said)")
      #expect(check.description(labels: ("a", "b")).hasPrefix("warning: "), "\(said)")
    }
  }
}
