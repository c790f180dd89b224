import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// The report page as a DJ reads it: transitions heard whole, and every figure said once, the same
/// wherever it shows.
@Suite struct MixPageDJTests {
  /// A long crossfade's snippet holds all of it and 4 s either side (it was cut at 30 s, so the
  /// end of a 32 s crossfade was never heard); ffmpeg measures the snippet in the page.
  @Test func aLongTransitionIsHeardWhole() throws {
    let folder = TemporaryFolder("segue-mix-page-long")
    let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
    let paths = [folder.file("t0.flac"), folder.file("t1.flac")]
    for (path, (seconds, frequency)) in zip(paths, [(61.3, 330.0), (57.9, 440.0)]) {
      let tone = Signal.sine(frequency: frequency, sampleRate: 44_100, channels: 2, frames: Int(seconds * 44_100), amplitude: 0.3)
      try AudioFile.write(tone, layout: layout, to: path, options: OutputOptions(bitDepth: 16))
    }
    var request = RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("mix.flac"), mix: MixOptions(crossfade: 33.7))
    (request.cache, request.reportPath) = (nil, folder.file("mix.html"))
    _ = try Renderer.render(request)
    let page = try String(contentsOfFile: folder.file("mix.html"), encoding: .utf8)
    let uri = try #require(page.components(separatedBy: "src=\"data:audio/mpeg;base64,").dropFirst().first?.prefix { $0 != "\"" })
    try #require(Data(base64Encoded: String(uri)))?.write(to: URL(fileURLWithPath: folder.file("snippet.mp3")))
    let heard = try FFmpegCLI.decodeFloat(folder.file("snippet.mp3")).count / 2
    #expect(Double(heard) / 44_100 >= 33.7 + 8 - 0.05, "the snippet holds \(Double(heard) / 44_100) s")
  }

  /// A DJ's page of real tracks (hedgewars excerpts; one without a sure grid), beats matched in
  /// harmonic order and levelled: no "×1.0000" for a clip whose tempo did not move, each clip's
  /// gain the same in its tooltip and in the table, every fallback and key clash marked on the
  /// timeline and in the table with its reason, and the notes grouped by track and join.
  @Test(.enabled(if: RealMusic.isExpected)) func aDJsPageSaysWhatItShowsOnce() throws {
    let folder = TemporaryFolder("segue-mix-page-dj")
    let names = ["Art", "bath", "Beach", "Jungle"]
    for name in names { try RealMusic.excerpt(name, from: 40.7, seconds: 52.3, to: folder.file("\(name).flac")) }
    var choices = MixChoices()
    (choices.harmonicOrder, choices.beatMatch.enabled, choices.crossfadeBeats) = (true, true, 32)
    choices.loudness.target = .set(-14)
    var request = try RenderRequest(arguments: names.map { folder.file("\($0).flac") }, outputPath: folder.file("mix.flac"), choices: choices)
    (request.cache, request.reportPath) = (nil, folder.file("mix.html"))
    let report = try Renderer.render(request)
    let plan = PlanReport(report.mix)
    let page = try String(contentsOfFile: folder.file("mix.html"), encoding: .utf8)
    #expect(!page.contains("×1.0000"), "a clip whose tempo did not move is labelled as stretched")
    for track in plan.tracks {
      let gain = try #require(track.clips.first?.gainDB)
      let title = track.title
      #expect(page.contains("\(title): gain \(String(format: "%+.1f", gain)) dB ("), "\(title): the table's gain is not the clip's \(gain) dB")
      #expect(page.contains(", gain \(String(format: "%+.1f", gain)) dB"), "\(title): the tooltip's gain is not the clip's \(gain) dB")
    }
    let joins = page.components(separatedBy: "<div class=\"join\"").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    let rows = page.components(separatedBy: "<tr id=\"t-").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    try #require(joins.count == plan.transitions.count && rows.count == plan.transitions.count)
    var flagged = 0
    for (index, transition) in plan.transitions.enumerated() {
      let fallback = transition.beatMatch?.matched == false, clash = transition.key?.relation == "clash"
      for (place, html) in [("timeline", String(joins[index].prefix { $0 != "\n" }.split(separator: "</div>").first ?? "")), ("table", rows[index])] {
        #expect(html.contains("flag fallback\" title=\"beats not matched: ") == fallback, "join \(index + 1), \(place): \(html.prefix(400))")
        #expect(html.contains("flag clash\" title=\"keys ") == clash, "join \(index + 1), \(place): \(html.prefix(400))")
      }
      flagged += fallback || clash ? 1 : 0
    }
    #expect(flagged >= 1, "no join fell back or clashed: the page's marks went untested")
    let notes = try #require(page.components(separatedBy: "<ul class=\"notes\">").dropFirst().first?.components(separatedBy: "</ul></li></ul>").first)
    let groups = notes.components(separatedBy: "<h3>").dropFirst()
    #expect(groups.contains { $0.hasPrefix("Join 1: ") } && groups.contains { $0.hasPrefix("1. ") }, "\(groups.map { $0.prefix(40) })")
    for group in groups where !group.hasPrefix("Join ") {
      #expect(!group.contains(" -&gt; ") || group.hasPrefix("The mix"), "a join's note outside its join: \(group.prefix(300))")
    }
  }

  /// A plain crossfade needs no tempo, but a track `analyze` has seen keeps its grid in the facts
  /// cache, and the page draws it.
  @Test func tracksAnalysedBeforeShowTheirBeatGrids() throws {
    let folder = TemporaryFolder("segue-mix-page-grids")
    let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
    let paths = [(123, 23.17), (127, 19.31)].map { folder.file("\($0.0).flac") }
    for ((bpm, seconds), path) in zip([(123, 23.17), (127, 19.31)], paths) {
      let samples = BeatTrack(beatsPerMinute: Double(bpm), firstBeat: 0.2113, seconds: seconds).samples
      try AudioFile.write(samples, layout: layout, to: path, options: OutputOptions(bitDepth: 16))
    }
    let cache = FactsCache(folder: folder.file("cache"))
    let beatTicks = { () throws -> Int in
      var request = RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: "", mix: MixOptions(crossfade: 2.5))
      (request.cache, request.reportPath) = (cache, folder.file("plan.html"))
      try MixPage(try Renderer.plan(request)).write(to: folder.file("plan.html"), overwrite: true)
      return try String(contentsOfFile: folder.file("plan.html"), encoding: .utf8).components(separatedBy: "class=\"beat").count - 1
    }
    #expect(try beatTicks() == 0, "no tempo is known yet")
    _ = try AnalysisReport.measure(paths, cache: cache)
    let ticks = try beatTicks()
    #expect(ticks > 60, "\(ticks) beats drawn")
  }
}
