import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// `--order harmonic`: a DJ set reordered so that every step blends in key.
@Suite struct HarmonicOrderTests {
  /// A path round the Camelot wheel where each key blends with the next, with tempos a step apart.
  static let path = ["8A", "9A", "9B", "10B", "10A", "11A", "12A", "12B", "1B"]

  /// The path's tracks, shuffled after the first, as a playlist in `folder` stating each key and
  /// tempo; `extra` is added to the playlist.
  static func shuffledSet(in folder: TemporaryFolder, keepLast: Bool = false, extra: String = "") throws -> (String, [String]) {
    let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
    var random = SeededRandom(seed: 29)
    var rest = Array(1..<(keepLast ? path.count - 1 : path.count))
    rest.shuffle(using: &random)
    let order = [0] + rest + (keepLast ? [path.count - 1] : [])
    var entries = ""
    for (position, index) in order.enumerated() {
      let name = "k\(path[index]).flac"
      let tone = Signal.sine(frequency: 200 + 17 * Double(index), sampleRate: 44_100, channels: 2, frames: 220_501 + 307 * index, amplitude: 0.2)
      try AudioFile.write(tone, layout: layout, to: folder.file(name), options: OutputOptions(bitDepth: 16))
      // The join into 10B is 5 s long: the entry before it in the playlist says so.
      let joinIntoTenB = position + 1 < order.count && path[order[position + 1]] == "10B"
      let id = path[index] == "10B" ? ", id: tenb" : ""
      entries += "  - { file: \(name)\(id), key: \(path[index]), bpm: \(120 + index)\(joinIntoTenB ? ", transition: { crossfade: 5 }" : "") }\n"
    }
    let yaml = "version: 1\ndefaults: { crossfade: 3 }\nentries:\n" + entries + extra
    try yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
    return (folder.file("set.yaml"), order.map { path[$0] })
  }

  @Test(arguments: [false, true])
  func aShuffledSetComesBackWithoutAClash(keepLast: Bool) throws {
    let folder = TemporaryFolder("segue-harmonic-order")
    let (playlist, shuffled) = try Self.shuffledSet(in: folder, keepLast: keepLast)
    let given = try shuffled.map { try #require(MusicalKey($0)) }
    #expect(zip(given, given.dropFirst()).filter { !KeyRelation(from: $0, to: $1).isCompatible }.count >= 3, "the shuffle clashes: \(shuffled)")
    var choices = MixChoices()
    (choices.harmonicOrder, choices.keepLast) = (true, keepLast)
    var request = try RenderRequest(arguments: [playlist], outputPath: "", choices: choices)
    request.cache = nil
    let mix = try Renderer.plan(request)
    let report = PlanReport(mix)
    let keys = report.transitions.compactMap { $0.key }
    #expect(keys.count == Self.path.count - 1 && keys.allSatisfy { $0.relation != "clash" }, "\(keys.map { "\($0.outgoing)>\($0.incoming)" }) from \(shuffled)")
    #expect(report.tracks.first?.file.hasSuffix("k8A.flac") == true, "the first track stays first")
    // The 5 s crossfade moved with the join into 10B; every other join keeps the default 3 s.
    let overlaps = report.transitions.map { join in (report.tracks[join.to - 1].file, Double(join.overlap ?? 0) / Double(report.sampleRate)) }
    #expect(overlaps.allSatisfy { $0.0.hasSuffix("k10B.flac") ? abs($0.1 - 5) < 1e-3 : abs($0.1 - 3) < 1e-3 }, "\(overlaps)")
    if keepLast { #expect(report.tracks.last?.file.hasSuffix("k1B.flac") == true, "the last track stays last") }
    let steps = report.notes.filter { $0.contains(" follows ") }
    #expect(steps.count == Self.path.count - 1 && !steps.contains { $0.contains("clash") }, "\(steps)")
    #expect(report.notes.contains { $0.hasPrefix("--order harmonic: ") })
    #expect(mix.trackPlaylist.hasPrefix("#EXTM3U\n") && mix.trackPlaylist.components(separatedBy: ".flac\n").count == Self.path.count + 1)
    // The render plays the order the plan gave, and says so.
    request.outputPath = folder.file("mix.flac")
    let rendered = RenderSummaryReport(try Renderer.render(request)).plan
    #expect(rendered.tracks.map(\.file) == report.tracks.map(\.file) && rendered.notes.filter { $0.contains(" follows ") } == steps)
  }

  /// With beats matched, a track whose beats cannot be matched (no beat in it, no `bpm` stated)
  /// goes to the end of the set, where it falls back to one plain crossfade instead of two, and
  /// the step into it says why; the keys still blend all the way.
  @Test func aTrackThatCannotBeMatchedGoesLast() throws {
    let folder = TemporaryFolder("segue-harmonic-unmatched")
    let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
    let keys = ["8A", "9A", "9B", "10B", "10A"]
    var entries = ""
    for (index, key) in keys.enumerated() {
      let name = "k\(key).flac"
      let tone = Signal.sine(frequency: 200 + 17 * Double(index), sampleRate: 44_100, channels: 2, frames: 220_501 + 307 * index, amplitude: 0.2)
      try AudioFile.write(tone, layout: layout, to: folder.file(name), options: OutputOptions(bitDepth: 16))
      entries += "  - { file: \(name), key: \(key)\(key == "9B" ? "" : ", bpm: \(120 + index)") }\n"
    }
    let yaml = "version: 1\ndefaults: { crossfade: 3, beatmatch: true }\nentries:\n" + entries
    try yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
    var choices = MixChoices()
    choices.harmonicOrder = true
    var request = try RenderRequest(arguments: [folder.file("set.yaml")], outputPath: "", choices: choices)
    request.cache = nil
    let report = PlanReport(try Renderer.plan(request))
    let files = report.tracks.map { URL(fileURLWithPath: $0.file).lastPathComponent }
    #expect(files.first == "k8A.flac" && files.last == "k9B.flac", "\(files)")
    #expect(report.transitions.compactMap { $0.key }.allSatisfy { $0.relation != "clash" }, "\(files)")
    let into = report.notes.first { $0.contains("k9B.flac follows ") }
    #expect(into?.contains("beats not matched: ") == true && into?.contains("k9B.flac has no sure beat grid") == true, "\(report.notes)")
  }

  /// Nine real tracks (hedgewars), beats matched: once a join falls back to a plain crossfade for
  /// a track's beat grid (unsure or none), no later join is matched (such a track in the middle
  /// would cost two plain crossfades where the end costs one), and the first track stays first.
  @Test(.enabled(if: RealMusic.isExpected)) func realTracksThatCannotBeMatchedComeLast() throws {
    let report = try RealDJSet.plan()
    #expect(report.tracks.first?.file.hasSuffix("Art.ogg") == true, "the first track stays first")
    let joins = report.transitions.compactMap(\.beatMatch)
    #expect(joins.count == RealDJSet.names.count - 1)
    let forTheGrid = { (join: PlanReport.BeatMatchEntry) in
      !join.matched && (join.reason?.contains("beat grid is unsure") == true || join.reason?.contains("no steady beat") == true)
    }
    guard let first = joins.firstIndex(where: forTheGrid) else { return }
    #expect(joins[first...].allSatisfy { !$0.matched }, "\(joins.map { $0.matched ? "matched" : $0.reason ?? "plain" })")
  }

  /// Transition previews and snippets are of the mix as prepared once for every command: in
  /// harmonic order, not the playlist's.
  @Test func transitionPreviewsFollowTheHarmonicOrder() throws {
    let folder = TemporaryFolder("segue-harmonic-previews")
    let (playlist, _) = try Self.shuffledSet(in: folder)
    var choices = MixChoices()
    choices.harmonicOrder = true
    var request = try RenderRequest(arguments: [playlist], outputPath: folder.file("mix.flac"), choices: choices)
    request.cache = nil
    let planned = PlanReport(try Renderer.plan(request)).tracks.map { URL(fileURLWithPath: $0.file).deletingPathExtension().lastPathComponent }
    let previews = try Previews.transitions(request, context: 1, separateFiles: true)
    let joins = previews.map { URL(fileURLWithPath: $0.outputPath).lastPathComponent }
    #expect(joins.count == planned.count - 1)
    for (index, name) in joins.enumerated() {
      #expect(name.contains("(\(planned[index]) → \(planned[index + 1]))"), "preview \(index + 1) is \(name); the plan plays \(planned)")
    }
    request.outputPath = folder.file("medley.flac")
    let medley = try Previews.snippets(request, length: 2, fade: 0.5)
    let played = medley.timeline.items.map { URL(fileURLWithPath: medley.inputs[$0.source].path).deletingPathExtension().lastPathComponent }
    #expect(played == planned, "the snippets play \(played)")
  }

  /// A request for the shuffled set in harmonic order with a chime laid over it `at` (the
  /// playlist's `at:`).
  static func requestWithChime(at: String, in folder: TemporaryFolder) throws -> RenderRequest {
    try AudioFile.write(
      Signal.sine(frequency: 880, sampleRate: 44_100, channels: 2, frames: 30_011), layout: PCMLayout(sampleRate: 44_100, channelCount: 2),
      to: folder.file("chime.flac"))
    let (playlist, _) = try Self.shuffledSet(in: folder, extra: "overlays:\n  - { file: chime.flac, at: \(at) }\n")
    var choices = MixChoices()
    choices.harmonicOrder = true
    var request = try RenderRequest(arguments: [playlist], outputPath: "", choices: choices)
    request.cache = nil
    return request
  }

  /// An overlay placed on an entry moves with it.
  @Test func anOverlayOnAnEntryMovesWithIt() throws {
    let folder = TemporaryFolder("segue-harmonic-order-anchored")
    let request = try Self.requestWithChime(at: "{ entry: tenb, offset: 1 }", in: folder)
    let report = try withExtendedLifetime(folder) { PlanReport(try Renderer.plan(request)) }
    let tenB = try #require(report.tracks.first { $0.file.hasSuffix("k10B.flac") })
    #expect(report.overlays.first?.clip.start == tenB.start + 44_100, "\(report.overlays.map(\.clip.start)) against \(tenB.start)")
  }

  /// Overlays placed at a time would land on other tracks once reordered: refused by name.
  @Test func anOverlayAtATimeIsRefused() throws {
    let folder = TemporaryFolder("segue-harmonic-order-overlay")
    let request = try Self.requestWithChime(at: "5", in: folder)
    #expect {
      _ = try withExtendedLifetime(folder) { try Renderer.plan(request) }
    } throws: { error in
      "\(error)".contains("chime.flac") && "\(error)".contains("placed at a time")
    }
  }
}
