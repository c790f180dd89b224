import Composition

/// What the key analysis found in one signal: the key that holds most of it, how sure, and its
/// tuning.
public struct KeyAnalysis: Sendable, Equatable, Codable {
  /// The key that holds most of the signal; nil when nothing in it has a pitch.
  public var key: MusicalKey?
  /// How sure (0 to 1): the share of the signal's sounding segments whose own best key is `key`.
  public var confidence: Double
  /// What leaves the key in doubt however many segments vote for it; nil when nothing does.
  public var doubt: Doubt?
  /// How far the signal's tuning lies from A at 440 Hz, in cents (-50 to 50).
  public var tuningCents: Double
  /// The confidence at and over which a key is sure.
  public static let sureConfidence = 0.5
  /// True when the key can be trusted: `sureConfidence` sure and in no doubt.
  public var isSure: Bool { key != nil && confidence >= Self.sureConfidence && doubt == nil }
  /// The version of the method; analyses made by another are made again (facts cache).
  public static let methodVersion = 2
  /// The version of the method that made this analysis.
  public var version: Int? = methodVersion

  /// An analysis finding `key` with the confidence, tuning and doubt given, made by the current `methodVersion`.
  public init(key: MusicalKey?, confidence: Double, tuningCents: Double, doubt: Doubt? = nil) {
    self.key = key
    self.confidence = confidence
    self.tuningCents = tuningCents
    self.doubt = doubt
  }

  /// Why a key is in doubt, however many segments vote for it.
  public enum Doubt: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Its tonic's minor third and sixth weigh about as much as its major ones over the whole
    /// signal: the mode is the profiles' guess.
    case mode
    /// Another pitch class (`heardMore`, from C) is heard clearly more than the tonic: the music
    /// may dwell on another tonic of the same notes (a relative key, a mode such as dorian).
    case tonic(heardMore: Int)

    /// The doubt in words, for reports.
    public var description: String {
      switch self {
      case .mode: "its minor and major third and sixth weigh alike"
      case .tonic(let heardMore): "\(MusicalKey(tonic: heardMore, mode: .major).tonicName) is heard more than its tonic"
      }
    }
  }
}
