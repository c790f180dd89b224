import Composition
/// What the tempo analysis found in one signal: a beat grid when the beat is steady, and how sure
/// it is.
public struct TempoAnalysis: Sendable, Equatable, Codable {
  public var sampleRate: Int
  /// Aubio's tempo estimate in beats per minute, steady or not; nil when it found no beats.
  public var estimatedBPM: Double?
  /// The share of the grid's beats that an onset in the signal lands on (0 to 1): near 1 for a
  /// steady beat, low for rubato or beatless material.
  public var confidence: Double
  /// The fitted grid; nil when the confidence is under `minimumConfidence` or too few beats were
  /// found.
  public var grid: BeatGrid?

  /// The confidence under which no grid is given: fewer than half the beats land on an onset.
  public static let minimumConfidence = 0.5
  /// The version of the method; analyses made by another are made again (facts cache).
  public static let methodVersion = 2
  /// The version of the method that made this analysis; nil in analyses made before versions.
  public var version: Int? = methodVersion

  public init(sampleRate: Int, estimatedBPM: Double?, confidence: Double, grid: BeatGrid?) {
    self.sampleRate = sampleRate
    self.estimatedBPM = estimatedBPM
    self.confidence = confidence
    self.grid = grid
  }

  /// The grid's tempo, in beats per minute; nil without a grid.
  public var beatsPerMinute: Double? { grid?.beatsPerMinute(sampleRate: sampleRate) }
}
