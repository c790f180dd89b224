import Analysis
import Composition
import Playlists

/// An input's key as Segue uses it: the playlist's `key` where it gives one, the analysis'
/// otherwise.
public struct InputKey: Sendable, Equatable {
  /// The key; nil when neither gives one (nothing in the input has a pitch, or it was not analysed).
  public var key: MusicalKey?
  /// The analysis' confidence, or 1 where the playlist gives the key.
  public var confidence: Double
  /// What leaves the analysis' key in doubt; nil for the playlist's key.
  public var doubt: KeyAnalysis.Doubt?
  /// Where `key` came from: the playlist's `key`, or the analysis.
  public var origin: Origin

  /// True when the key can be trusted: the playlist's, or a sure analysis (`KeyAnalysis.isSure`).
  public private(set) var isSure: Bool

  /// Where a key came from.
  public enum Origin: String, Sendable, Codable {
    /// Found by analysing the audio (or not found: an input with no key has this origin too).
    case analysis
    /// Stated by the playlist entry's `key`, taken as sure with confidence 1.
    case playlist
  }

  /// The key of an input with these facts and the key its entry states, if any.
  public init(facts: SourceFacts, stated: MusicalKey?) {
    if let stated {
      (key, confidence, origin, isSure) = (stated, 1, .playlist, true)
    } else {
      (key, confidence, doubt, origin) = (facts.key?.key, facts.key?.confidence ?? 0, facts.key?.doubt, .analysis)
      isSure = facts.key?.isSure ?? false
    }
  }
}
