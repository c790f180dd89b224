import Analysis
import Foundation

/// What the analysis pass measured in each input, with the gain that would bring it to a target
/// loudness, and the same for each album (consecutive tracks with one album tag), as `segue
/// analyze` prints it.
public struct AnalysisReport: Encodable, Sendable {
  /// The loudness the gains aim at when none is given, in LUFS: streaming services' level.
  public static let defaultTargetLUFS = -14.0

  /// The version of this JSON shape (`ReportSchema.analysisVersion`).
  public var schemaVersion = ReportSchema.analysisVersion
  /// The loudness the gains aim at, in LUFS.
  public var targetLUFS: Double
  /// Below this level (dBFS) an input's edges count as silence.
  public var silenceThresholdDB: Double
  /// One entry per input, in the order the arguments name them.
  public var tracks: [Track]
  /// Runs of two or more consecutive tracks with the same album, each measured as one programme.
  public var albums: [Album]
  /// What the cache had to say, then what was assumed of the tempo a playlist states, labelled with the input.
  public var notes: [String]

  /// One input's measurements.
  public struct Track: Encodable, Sendable {
    /// Its place among the inputs, from 1.
    public var number: Int
    /// The path as the user wrote it, in a playlist or on the command line.
    public var file: String
    /// Its title and artist by the rule every output follows (`TrackName`).
    public var title: String
    /// Its artist by the same rule; nil when none is known.
    public var artist: String?
    /// Its album: the playlist's, else the file's tag; nil when neither gives one.
    public var album: String?
    /// Its length in seconds, rounded to the millisecond.
    public var seconds: Double
    /// Its length in sample frames at `sampleRate`.
    public var frames: Int64
    /// The rate it was decoded and measured at, in Hz.
    public var sampleRate: Int
    /// Its integrated loudness (EBU R 128), in LUFS; nil for silence, too quiet to gate.
    public var integratedLUFS: Double?
    /// "dual-mono" for a mono track, measured as it plays on two speakers (3 LU above a
    /// single-channel reading); nil for others.
    public var loudnessConvention: String?
    /// Its loudness range (EBU Tech 3342), in LU.
    public var loudnessRangeLU: Double
    /// The peaks in dB; nil for digital silence.
    public var samplePeakDBFS: Double?
    /// Its true peak (16x oversampled), in dBTP; nil for digital silence.
    public var truePeakDBTP: Double?
    /// Seconds before its level (RMS over 10 ms) first reaches `silenceThresholdDB`; all of it when it never does.
    public var leadingSilenceSeconds: Double
    /// Seconds after its level last reaches `silenceThresholdDB`; all of it when it never does.
    public var trailingSilenceSeconds: Double
    /// The gain that brings the track to the target; nil for silence.
    public var gainDB: Double?
    /// Its tempo and beat grid; nil when not measured (`--no-tempo`).
    public var tempo: Tempo?
    /// Its musical key; nil when not measured (`--no-key`).
    public var key: Key?
  }

  /// One input's musical key, in the three spellings.
  public struct Key: Encodable, Sendable {
    /// The tonic ("F#") and the mode ("minor"); nil when nothing in the input has a pitch.
    public var tonic: String?
    /// The mode, "major" or "minor"; nil when nothing in the input has a pitch.
    public var mode: String?
    /// "11A", "4m".
    public var camelot: String?
    /// Its Open Key spelling ("4m" for F# minor, "1d" for C major); nil when nothing has a pitch.
    public var openKey: String?
    /// How sure (`KeyAnalysis.confidence`; 1 where the playlist states the key).
    public var confidence: Double
    /// True when the key can be trusted (`KeyAnalysis.isSure`).
    public var sure: Bool
    /// Why the analysis' key is in doubt however sure its segments are; nil when it is not.
    public var doubt: String?
    /// Where the key came from: the analysis or the playlist.
    public var origin: InputKey.Origin

    init(_ input: InputKey) {
      (tonic, mode) = (input.key?.tonicName, input.key?.mode.rawValue)
      (camelot, openKey) = (input.key?.camelot, input.key?.openKey)
      confidence = rounded(input.confidence, 3)
      sure = input.isSure
      doubt = input.doubt?.description
      origin = input.origin
    }
  }

  /// One input's tempo and beat grid.
  public struct Tempo: Encodable, Sendable {
    /// The grid's tempo; nil when no steady beat was found.
    public var beatsPerMinute: Double?
    /// Aubio's estimate, steady beat or not.
    public var estimatedBPM: Double?
    /// How sure the grid is (`TempoCandidate.confidence`; 1 where the playlist states the tempo).
    public var confidence: Double
    /// True when the grid is sure enough to match beats on (`BeatGrid.sureConfidence`) and in no doubt.
    public var sure: Bool
    /// Why the tempo is in doubt however well its grid fits (`TempoAnalysis.doubt`); nil when nothing is.
    public var doubt: String?
    /// The tempos the beat could be counted in (half, its own and double), best scored first.
    public var candidates: [Candidate]
    /// Where the grid came from: the analysis, the playlist, or both.
    public var origin: InputBeat.Origin
    /// The first beat and first downbeat in seconds from the file's start, then every beat.
    public var firstBeatSeconds: Double?
    /// The first downbeat, in seconds from the file's start; nil when no grid or no downbeat was found.
    public var firstDownbeatSeconds: Double?
    /// Every beat of the grid, in seconds from the file's start; empty when there is no grid.
    public var beats: [Double]

    /// A tempo the beat could be counted in, and its score (`TempoCandidate.score`).
    public struct Candidate: Encodable, Sendable {
      /// The tempo, in BPM.
      public var beatsPerMinute: Double
      /// The mean strength of the drum hits on its beats, from 0 to 1; the best is chosen by it.
      public var score: Double
    }

    init(_ beat: InputBeat, estimated: Double?) {
      beatsPerMinute = beat.beatsPerMinute.map { rounded($0, 3) }
      estimatedBPM = estimated.map { rounded($0, 2) }
      confidence = rounded(beat.confidence, 3)
      sure = beat.isSure
      doubt = beat.doubt
      candidates = beat.candidates.sorted { $0.score > $1.score }.map {
        Candidate(beatsPerMinute: rounded($0.grid.beatsPerMinute(sampleRate: beat.sampleRate), 3), score: rounded($0.score, 3))
      }
      origin = beat.origin
      let seconds = { (frame: Double) in rounded(frame / Double(beat.sampleRate), 4) }
      firstBeatSeconds = beat.grid.map { seconds($0.firstBeat) }
      firstDownbeatSeconds = beat.grid.flatMap { grid in grid.firstDownbeat.map { seconds(grid.beat($0)) } }
      beats = beat.grid.map { grid in (0..<grid.beatCount).map { seconds(grid.beat($0)) } } ?? []
    }
  }

  /// Consecutive tracks of one album, measured as one programme.
  public struct Album: Encodable, Sendable {
    /// The album the tracks share (`TrackName.album`).
    public var name: String
    /// Track numbers, first and last.
    public var firstTrack: Int
    /// The number of its last track.
    public var lastTrack: Int
    /// The tracks' joint integrated loudness, in LUFS; nil for silence.
    public var integratedLUFS: Double?
    /// nil for digital silence.
    public var truePeakDBTP: Double?
    /// The gain that brings the album to the target, in dB; nil for silence.
    public var gainDB: Double?
  }

  /// Measures the inputs `arguments` name (files, playlists, folders), their tempos too unless
  /// `tempo` is false (counted in `tempoRange` where an input's entry or playlist gives none) and
  /// their keys unless `key` is false, through `cache`; `progress`, when given, hears how far it has got (from any
  /// thread, a few times a second).
  public static func measure(
    _ arguments: [String], targetLUFS: Double = defaultTargetLUFS, tempo: Bool = true, key: Bool = true, tempoRange: ClosedRange<Double>? = nil, cache: FactsCache? = nil,
    progress: (@Sendable (AnalysisProgress) -> Void)? = nil
  ) throws(RenderError) -> AnalysisReport {
    let inputs = try InputExpansion(arguments: arguments).inputs
    guard !inputs.isEmpty else { throw .noInputs }
    let meter = progress.map { AnalysisProgressMeter(fileCount: inputs.count, report: $0) }
    let gathered = try InputFacts.gather(inputs, needs: FactsNeeds(analysis: true, tempo: tempo, key: key), cache: cache, progress: meter.map { $0.update })
    let threshold = -60.0
    let beat = { (input: InputSource, facts: SourceFacts) in
      InputBeat(facts: facts, stated: input.options.beat, tempoRange: input.tempoRange(chosen: tempoRange))
    }
    var tracks: [Track] = []
    var analyses: [SignalAnalysis] = []
    for (index, (input, facts)) in zip(gathered.sources, gathered.facts).enumerated() {
      guard let analysis = facts.analysis else { throw .input(input, .noAnalysis) }
      analyses.append(analysis)
      tracks.append(Track(
        number: index + 1, file: input.displayName, title: input.name.title, artist: input.name.artist, album: input.name.album, seconds: rounded(analysis.seconds, 3),
        frames: analysis.frameCount, sampleRate: analysis.sampleRate, integratedLUFS: analysis.integratedLUFS.map { rounded($0, 2) },
        loudnessConvention: facts.info.channelCount == 1 ? LoudnessConvention.dualMono : nil,
        loudnessRangeLU: rounded(analysis.loudnessRange, 2), samplePeakDBFS: finite(analysis.samplePeakDB, 2),
        truePeakDBTP: finite(analysis.truePeakDB, 2), leadingSilenceSeconds: rounded(analysis.leadingSilence(below: threshold), 3),
        trailingSilenceSeconds: rounded(analysis.trailingSilence(below: threshold), 3),
        gainDB: analysis.integratedLUFS.map { rounded(targetLUFS - $0, 2) },
        tempo: tempo ? Tempo(beat(input, facts), estimated: facts.tempo?.estimatedBPM) : nil,
        key: key ? Key(InputKey(facts: facts, stated: input.options.key)) : nil))
    }
    let beatNotes = tempo ? zip(gathered.sources, gathered.facts).compactMap { input, facts in beat(input, facts).note.map { "\(input.label): \($0)" } } : []
    return AnalysisReport(
      targetLUFS: targetLUFS, silenceThresholdDB: threshold, tracks: tracks,
      albums: albums(tracks, analyses, target: targetLUFS), notes: gathered.notes + beatNotes)
  }

  /// Runs of two or more consecutive tracks with the same album tag, measured together.
  private static func albums(_ tracks: [Track], _ analyses: [SignalAnalysis], target: Double) -> [Album] {
    var albums: [Album] = []
    var start = 0
    while start < tracks.count {
      var end = start + 1
      while end < tracks.count, let name = tracks[start].album, tracks[end].album == name { end += 1 }
      if end - start > 1, let name = tracks[start].album {
        let loudness = GatedLoudness.integrated(Array(analyses[start..<end]))
        albums.append(Album(
          name: name, firstTrack: start + 1, lastTrack: end, integratedLUFS: loudness.map { rounded($0, 2) },
          truePeakDBTP: finite(analyses[start..<end].map(\.truePeakDB).max() ?? -.infinity, 2),
          gainDB: loudness.map { rounded(target - $0, 2) }))
      }
      start = end
    }
    return albums
  }

  /// The report as pretty-printed JSON with sorted keys.
  public func json() -> String { JSONText.encode(self) }
}

/// `value` rounded to `places` decimals, for reports.
func rounded(_ value: Double, _ places: Int) -> Double {
  let scale = pow(10, Double(places))
  return (value * scale).rounded() / scale
}

/// `value` rounded to `places` decimals, or nil when it is not finite (the peak of silence), so
/// the JSON holds only numbers and nulls.
private func finite(_ value: Double, _ places: Int) -> Double? {
  value.isFinite ? rounded(value, places) : nil
}
