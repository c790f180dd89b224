import AudioTestSupport
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// `segue analyze` gives each input's tempo and beat grid, cached with the rest of the analysis,
/// and a playlist's `bpm` and `first-beat` stand over what the analysis found.
@Suite("Tempo in analyze")
struct TempoReportTests {
  /// A 124 BPM track, its first beat 0.4219 s in, written as FLAC.
  static func beatFile(in folder: TemporaryFolder, bpm: Double = 124, firstBeat: Double = 0.4219) throws -> (String, BeatTrack) {
    let track = BeatTrack(beatsPerMinute: bpm, firstBeat: firstBeat, seconds: 47.3)
    let path = folder.file("beat-\(bpm).flac")
    try AudioFile.write(track.samples, layout: PCMLayout(sampleRate: 44100, channelCount: 2), to: path, options: OutputOptions(bitDepth: 16))
    return (path, track)
  }

  @Test func analyzeGivesTempoConfidenceAndTheGrid() throws {
    let folder = TemporaryFolder("segue-tempo-report")
    let (path, track) = try Self.beatFile(in: folder)
    let cache = FactsCache(folder: folder.file("cache"))
    let report = try AnalysisReport.measure([path], cache: cache)
    let tempo = try #require(report.tracks[0].tempo)
    #expect(abs(try #require(tempo.beatsPerMinute) - 124) <= 0.05)
    #expect(tempo.confidence >= 0.9 && tempo.origin == .analysis)
    let truth = track.beatFrames.map { $0 / 44100 }
    // Every kick has a grid beat within 5 ms, and the first downbeat is the first kick.
    for kick in truth { #expect(tempo.beats.contains { abs($0 - kick) <= 0.005 }, "no beat near the kick at \(kick) s") }
    #expect(abs(try #require(tempo.firstDownbeatSeconds) - truth[0]) <= 0.005)
    #expect(report.table().contains("BPM    sure   key         track"))
    #expect(report.table().contains(" 124.00    100%  ") || report.table().contains(" 124.00     9"))
    #expect(tempo.sure && !report.table().contains("unsure"))
    #expect(report.json().contains("\"schemaVersion\" : 2") && report.json().contains("\"candidates\""))
    #expect(report.json().contains("\"beats\""))

    let decodes = FactsDecodes.count(for: path)
    _ = try AnalysisReport.measure([path], cache: cache)
    #expect(FactsDecodes.count(for: path) == decodes, "the tempo came from the cache")
  }

  @Test func aPlaylistsBpmAndFirstBeatStandOverTheAnalysis() throws {
    let folder = TemporaryFolder("segue-tempo-stated")
    let (path, _) = try Self.beatFile(in: folder)
    let playlist = folder.file("set.yaml")
    try """
      version: 1
      entries:
        - file: \(path)
          bpm: 125
          first-beat: 2.5
        - file: \(path)
          bpm: 62
      """.write(toFile: playlist, atomically: true, encoding: .utf8)
    let report = try AnalysisReport.measure([playlist], cache: nil)
    let stated = try #require(report.tracks[0].tempo)
    #expect(stated.beatsPerMinute == 125 && stated.origin == .playlist && stated.confidence == 1)
    // The stated first beat is a downbeat; the grid and its bars reach back to the file's start.
    #expect(abs(try #require(stated.firstDownbeatSeconds) - (2.5 - 4 * 0.48)) < 1e-4)
    #expect(abs(try #require(stated.firstBeatSeconds) - (2.5 - 5 * 0.48)) < 1e-4)
    let halved = try #require(report.tracks[1].tempo)
    #expect(halved.beatsPerMinute == 62 && halved.origin == .playlistAndAnalysis)
    // The analysis' first downbeat anchors a stated tempo.
    #expect(halved.firstDownbeatSeconds.map { abs($0 - 0.4219) <= 0.005 } == true)
  }

  @Test func aBadBpmIsRefusedWithItsLine() throws {
    let folder = TemporaryFolder("segue-tempo-bad")
    let playlist = folder.file("set.yaml")
    try "version: 1\nentries:\n  - file: a.flac\n    bpm: 0\n".write(toFile: playlist, atomically: true, encoding: .utf8)
    let error = #expect(throws: (any Error).self) { try AnalysisReport.measure([playlist], cache: nil) }
    #expect("\(error!)".contains("set.yaml:4") && "\(error!)".contains("'bpm' must be from 20 to 400, not 0"))
  }
}
