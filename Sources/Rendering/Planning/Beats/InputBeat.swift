import Analysis
import Composition
import Playlists

/// An input's beat as Segue uses it: the analysis' grid, counted in the tempo range asked for, with
/// what the playlist states (`bpm`, `first-beat`) put over it.
public struct InputBeat: Sendable, Equatable {
  /// The grid at the source's own rate; nil when no steady beat is known.
  public var grid: BeatGrid?
  /// The analysis' confidence, or 1 where the playlist gives the tempo.
  public var confidence: Double
  /// Why the analysed tempo is in doubt however well its grid fits (`TempoAnalysis.doubt`); nil
  /// when nothing is, where the playlist gives the tempo, or where a tempo range counted it.
  public var doubt: String?
  /// The other tempos the analysis could count the beat in, with their scores (none where the
  /// playlist gives the tempo).
  public var candidates: [TempoCandidate]
  /// Where the grid came from.
  public var origin: Origin
  /// The source's own rate, in Hz, which `grid` counts frames at.
  public var sampleRate: Int
  /// What was assumed or left out of what the playlist states, when anything was.
  public var note: String?

  /// Where a grid came from.
  public enum Origin: String, Sendable, Codable {
    /// The analysis alone.
    case analysis
    /// The playlist's `bpm` and `first-beat`.
    case playlist
    /// The playlist's `bpm` or `first-beat`, the rest from the analysis.
    case playlistAndAnalysis = "playlist and analysis"
  }

  /// The beat of an input with these facts and this playlist statement, its analysed tempo
  /// counted in `tempoRange` (BPM) when one is given.
  public init(facts: SourceFacts, stated: BeatSpec, tempoRange: ClosedRange<Double>? = nil) {
    let rate = facts.info.sampleRate
    sampleRate = rate
    let counted = facts.tempo?.counted(in: tempoRange)
    let found = counted?.grid
    confidence = stated.beatsPerMinute == nil ? counted?.confidence ?? facts.tempo?.confidence ?? 0 : 1
    doubt = stated.beatsPerMinute == nil ? counted?.doubt : nil
    candidates = stated.beatsPerMinute == nil ? facts.tempo?.candidates ?? [] : []
    guard !stated.isEmpty else {
      grid = found
      origin = .analysis
      return
    }
    let period = stated.beatsPerMinute.map { 60 * Double(rate) / $0 } ?? found?.framesPerBeat
    // A stated first beat is a downbeat; otherwise the analysis' first downbeat (or beat) anchors.
    let anchor = stated.firstBeat.map { $0 * Double(rate) }
      ?? found.map { $0.beat($0.firstDownbeat ?? 0) } ?? 0
    let bars = stated.firstBeat != nil || found?.firstDownbeat != nil
    origin = stated.beatsPerMinute != nil && (stated.firstBeat != nil || found == nil) ? .playlist : .playlistAndAnalysis
    guard let period else {
      grid = nil
      note = "its first-beat is not used: no steady tempo was found in it, and it gives no bpm"
      return
    }
    if stated.firstBeat == nil && found == nil {
      note = "its beats are counted from the start of the file: it gives a bpm, no first-beat, and no steady beat was found in it"
    }
    let before = (anchor / period).rounded(.down)
    let first = anchor - before * period
    let count = Int((Double(facts.frameCount) - first) / period) + 1
    let downbeat = Int(before.truncatingRemainder(dividingBy: Double(BeatGrid.beatsPerBar)))
    grid = BeatGrid(framesPerBeat: period, firstBeat: first, beatCount: max(1, count), firstDownbeat: bars ? downbeat : nil)
  }

  /// True when the grid is sure enough to match beats on: stated, or analysed with a confidence
  /// of `BeatGrid.sureConfidence` or more and in no doubt.
  public var isSure: Bool { grid != nil && confidence >= BeatGrid.sureConfidence && doubt == nil }

  /// The tempo in beats per minute; nil without a grid.
  public var beatsPerMinute: Double? { grid?.beatsPerMinute(sampleRate: sampleRate) }
}
