import Composition

/// What the key analysis found in one signal: the key that holds most of it, how sure, and its
/// tuning.
public struct KeyAnalysis: Sendable, Equatable, Codable {
  /// The key that holds most of the signal; nil when nothing in it has a pitch.
  public var key: MusicalKey?
  /// How sure (0 to 1): the share of the signal's sounding segments whose own best key is `key`.
  public var confidence: Double
  /// How far the signal's tuning lies from A at 440 Hz, in cents (-50 to 50).
  public var tuningCents: Double
  /// The confidence at and over which a key is sure.
  public static let sureConfidence = 0.5
  /// True when the key is sure enough to be trusted (`sureConfidence`).
  public var isSure: Bool { key != nil && confidence >= Self.sureConfidence }
  /// The version of the method; analyses made by another are made again (facts cache).
  public static let methodVersion = 1
  /// The version of the method that made this analysis.
  public var version: Int? = methodVersion

  public init(key: MusicalKey?, confidence: Double, tuningCents: Double) {
    self.key = key
    self.confidence = confidence
    self.tuningCents = tuningCents
  }
}
