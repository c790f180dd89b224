import Composition

/// What the tempo analysis found in one signal: a beat grid when the beat is steady, how sure it
/// is, and the other metrical levels it could be counted at.
public struct TempoAnalysis: Sendable, Equatable, Codable {
  /// The analysed signal's sample rate in Hz: the grid's frames are at this rate.
  public var sampleRate: Int
  /// Aubio's tempo estimate in beats per minute, steady or not; nil when it found no beats.
  public var estimatedBPM: Double?
  /// How sure the grid is (0 to 1): its candidate's confidence. Under `BeatGrid.sureConfidence`
  /// the grid is unsure: reported, but not beat-matched.
  public var confidence: Double
  /// The fitted grid at the metrical level the rhythm gives; nil when under `minimumCoverage` of
  /// its beats have an onset or too few beats were found.
  public var grid: BeatGrid?
  /// The grid at half, its own and double tempo (`BeatGridFit.levels`); empty without a grid.
  public var candidates: [TempoCandidate] = []
  /// Why the grid's tempo is in doubt however well it fits (the rhythm cannot tell its octave);
  /// nil when nothing is. A grid in doubt is never sure; a tempo range (`counted(in:)`) settles it.
  public var doubt: String?

  /// The share of the grid's beats an onset must land on for a grid to be given: half.
  public static let minimumCoverage = 0.5
  /// The version of the method; analyses made by another are made again (facts cache).
  public static let methodVersion = 6
  /// The version of the method that made this analysis; nil in analyses made before versions.
  public var version: Int? = methodVersion

  /// An analysis with the estimate, confidence and grid given, no candidates, made by the current `methodVersion`.
  public init(sampleRate: Int, estimatedBPM: Double?, confidence: Double, grid: BeatGrid?) {
    self.sampleRate = sampleRate
    self.estimatedBPM = estimatedBPM
    self.confidence = confidence
    self.grid = grid
  }

  /// The grid's tempo, in beats per minute; nil without a grid.
  public var beatsPerMinute: Double? { grid?.beatsPerMinute(sampleRate: sampleRate) }

  /// True when the grid is sure enough to match beats on (`BeatGrid.sureConfidence`) and in no doubt.
  public var isSure: Bool { grid != nil && confidence >= BeatGrid.sureConfidence && doubt == nil }

  /// The grid counted in `range` (BPM), its confidence and doubt: the best-scored candidate in
  /// it, or the grid halved or doubled into it; the grid itself without a range; nil without a
  /// grid. A range at least an octave wide always holds one. A doubt about the octave is the
  /// rhythm's, and a range settles it: a grid counted in one is in no doubt.
  public func counted(in range: ClosedRange<Double>?) -> (grid: BeatGrid, confidence: Double, doubt: String?)? {
    guard var grid else { return nil }
    guard let range else { return (grid, confidence, doubt) }
    let inRange = { (grid: BeatGrid) in range.contains(grid.beatsPerMinute(sampleRate: self.sampleRate)) }
    if let best = candidates.filter({ inRange($0.grid) }).max(by: { $0.score < $1.score }) { return (best.grid, best.confidence, nil) }
    while grid.beatsPerMinute(sampleRate: sampleRate) < range.lowerBound, grid.framesPerBeat >= 2 { grid = grid.doubled() }
    while grid.beatsPerMinute(sampleRate: sampleRate) > range.upperBound, grid.beatCount > 1 { grid = grid.halved() }
    return (grid, confidence, nil)
  }
}

/// One metrical level a beat could be counted at: how well the drum hits cover its beats, and how
/// sure its grid is.
public struct TempoCandidate: Sendable, Equatable, Codable {
  /// The grid counted at this level, in frames at the analysed signal's rate.
  public var grid: BeatGrid
  /// The mean strength of the drum hits on its beats (0 to 1; `BeatGridFit.hitStrengths`): the
  /// level is chosen by it.
  public var score: Double
  /// The share of its beats an onset lands on, times how tightly those onsets keep to it
  /// (`BeatGridFit.tightness`: 1 on the beat, 0.5 spread over the tolerance, as on a grid whose
  /// period is wrong).
  public var confidence: Double

  /// A candidate level: its `grid`, the hit strength `score` and its `confidence`.
  public init(grid: BeatGrid, score: Double, confidence: Double) {
    self.grid = grid
    self.score = score
    self.confidence = confidence
  }
}
