import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Rendering

/// Issue 29's tempo test set: 16 styles from 72 to 174 BPM at 44.1 and 48 kHz, some through MP3
/// or AAC, with intros, a breakdown, swing, humanized timing, reverb (SoX's) and drive; and two
/// tracks with no one tempo (three tempos in a row, and a drummer off by up to 70 ms), which must
/// never be reported sure. Written once per test run, analysed once.
enum TempoTestSet {
  /// How an answer may differ from the generator's tempo.
  enum Allowed {
    /// Within 0.05 BPM.
    case exact
    /// Exact, or half or double (drum and bass, a ballad under 80 BPM, one-drop reggae).
    case exactOrOctave
    /// No one tempo: unsure or none.
    case unsteady
  }

  struct Entry {
    var track: StyleTrack
    var allowed: Allowed
    /// The ffmpeg CLI's encoding arguments and extension, or nil for FLAC.
    var codec: (extension: String, arguments: [String])?
    var reverb = false
    /// The track's samples when they are not the style's own (the unsteady tracks).
    var samples: [Float]?
  }

  static let mp3 = (extension: "mp3", arguments: ["-b:a", "192k"])
  static let aac = (extension: "m4a", arguments: ["-c:a", "aac", "-b:a", "192k"])

  /// The styles, each with its allowance.
  static var entries: [Entry] {
    func style(_ name: String, _ bpm: Double, _ pattern: StyleTrack.Pattern, _ seconds: Double, _ seed: UInt64, _ change: (inout StyleTrack) -> Void = { _ in }) -> StyleTrack {
      var track = StyleTrack(name, bpm: bpm, pattern, seconds: seconds, seed: seed)
      change(&track)
      return track
    }
    var entries = [
      Entry(track: style("house", 128, .fourOnTheFloor(clap: true), 47.3, 101), allowed: .exact),
      Entry(track: style("house-48k-aac", 124, .fourOnTheFloor(clap: true), 44.9, 102) { $0.sampleRate = 48000; $0.intro = 0.5 }, allowed: .exact, codec: aac),
      Entry(track: style("techno-48k", 141, .fourOnTheFloor(clap: false), 43.1, 103) { $0.sampleRate = 48000; $0.pumping = true }, allowed: .exact),
      Entry(track: style("limited-master-mp3", 126, .fourOnTheFloor(clap: true), 45.7, 104) { $0.drive = 6 }, allowed: .exact, codec: mp3),
      Entry(track: style("house-breakdown", 123, .fourOnTheFloor(clap: true), 61.9, 105) { $0.breakdown = (10, 8) }, allowed: .exact),
      Entry(track: style("one-drop", 76, .oneDrop, 57.1, 106), allowed: .exactOrOctave),
      Entry(track: style("ballad", 68, .backbeat, 58.3, 107) { $0.padLevel = 0.09 }, allowed: .exactOrOctave),
      Entry(track: style("trance-reverb", 137, .fourOnTheFloor(clap: true), 44.3, 108), allowed: .exact, reverb: true),
      Entry(track: style("hip-hop-swing", 92, .backbeat, 52.7, 109) { $0.swing = 0.33 }, allowed: .exact),
      Entry(track: style("drum-and-bass", 172, .breakbeat(everyEighth: true), 40.9, 110), allowed: .exactOrOctave),
      Entry(track: style("rock-humanized", 115, .backbeat, 49.3, 111) { $0.humanize = 0.008 }, allowed: .exact),
      Entry(track: style("drumless-intro", 121, .fourOnTheFloor(clap: true), 63.7, 112) { $0.drumlessIntroBars = 12 }, allowed: .exact),
      Entry(track: style("garage-48k-aac", 133, .breakbeat(everyEighth: false), 42.1, 113) { $0.sampleRate = 48000 }, allowed: .exact, codec: aac),
      Entry(track: style("disco-humanized", 119, .fourOnTheFloor(clap: true), 48.1, 114) { $0.humanize = 0.004 }, allowed: .exact),
      Entry(track: style("downtempo-48k-reverb", 97, .backbeat, 51.3, 115) { $0.sampleRate = 48000 }, allowed: .exact, reverb: true),
      Entry(track: style("electro-mp3", 131, .fourOnTheFloor(clap: true), 43.9, 116) { $0.drive = 2 }, allowed: .exact, codec: mp3),
    ]
    // Three tempos in a row, as a set played without matching: no tempo holds throughout.
    let sections = [(120.0, 17.3), (124.5, 16.1), (129.0, 15.7)].enumerated().flatMap { index, section in
      style("section", section.0, .fourOnTheFloor(clap: true), section.1, 117 + UInt64(index)).samples
    }
    entries.append(Entry(track: style("three-tempos", 124.5, .fourOnTheFloor(clap: true), 49.1, 117), allowed: .unsteady, samples: sections))
    entries.append(Entry(track: style("loose-drummer", 104, .backbeat, 46.9, 120) { $0.humanize = 0.07 }, allowed: .unsteady))
    return entries
  }

  /// The set written to files and analysed (no cache), once per test run.
  struct Analysed {
    var entries: [Entry]
    var paths: [String]
    var report: AnalysisReport
    /// Each entry with its file and tempo.
    var tracks: [(entry: Entry, path: String, tempo: AnalysisReport.Tempo?)] {
      zip(entries, zip(paths, report.tracks)).map { ($0, $1.0, $1.1.tempo) }
    }
  }

  /// The set's folder, removed when the test process exits (a static is never released, and the
  /// set is about 100 MB).
  static let folder: TemporaryFolder = {
    let folder = TemporaryFolder("segue-tempo-set")
    atexit { try? FileManager.default.removeItem(atPath: TempoTestSet.folder.path) }
    return folder
  }()
  /// The facts cache the set's analysis is kept in, so tests that analyse its files again decode
  /// nothing.
  static let cache = FactsCache(folder: folder.file("cache"))

  static let analysed: Result<Analysed, any Error> = Result {
    let entries = Self.entries
    let paths = try entries.map { try write($0, in: folder) }
    return Analysed(entries: entries, paths: paths, report: try AnalysisReport.measure(paths, cache: cache))
  }

  /// Writes `entry` (stereo, 24-bit FLAC; through SoX's reverb and the ffmpeg CLI's encoder where
  /// it asks) and returns its path.
  static func write(_ entry: Entry, in folder: TemporaryFolder) throws -> String {
    let mono = entry.samples ?? entry.track.samples
    let flac = folder.file("\(entry.track.name).flac")
    try AudioFile.write(
      mono.flatMap { [$0, $0] }, layout: PCMLayout(sampleRate: entry.track.sampleRate, channelCount: 2), to: flac, options: OutputOptions(bitDepth: 24))
    var path = flac
    if entry.reverb {
      path = folder.file("\(entry.track.name)-room.flac")
      try SoXCLI.make([flac, path, "reverb", "70", "50", "100", "gain", "-n", "-1"])
    }
    guard let codec = entry.codec else { return path }
    let encoded = folder.file("\(entry.track.name).\(codec.extension)")
    try FFmpegCLI.make(["-i", path] + codec.arguments + [encoded])
    return encoded
  }
}
