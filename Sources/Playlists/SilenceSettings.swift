/// Silence and cue settings as a playlist (its `defaults`, or one entry) or the command line
/// gives them; nil where it says nothing.
///
/// Where several say something, the most specific wins: an entry over the command line over the
/// playlist's defaults (`over(_:)`).
public struct SilenceSettings: Sendable, Equatable {
  /// Remove dead air at each track's start and end.
  public var trim: Bool?
  /// Shorten every pause longer than this many seconds to exactly this long; `.some(nil)` turns
  /// shortening off (an entry's `max-pause: off`).
  public var maxPause: Double??
  /// The level under which speech counts as paused, in dBFS.
  public var silenceThreshold: Double?
  /// The level under which a track's edges count as dead air, in dBFS.
  public var trimThreshold: Double?
  /// Seconds kept before the first and after the last sound when trimming.
  public var trimMargin: Double?
  /// Place cue points and transitions from the audio.
  public var autoCue: Bool?
  /// How far under a track's loudness it counts as inaudible (cue-in, cue-out), in LU (negative).
  public var cueLevel: Double?
  /// How far under its loudness an ending must stay for the next track to start, in LU (negative).
  public var overlapLevel: Double?
  /// The longest overlap an automatic transition may have, in seconds.
  public var maxOverlap: Double?
  /// True for an entry that silence edits leave alone (`silence: keep`).
  public var keep = false

  public init(
    trim: Bool? = nil, maxPause: Double?? = nil, silenceThreshold: Double? = nil, trimThreshold: Double? = nil, trimMargin: Double? = nil,
    autoCue: Bool? = nil, cueLevel: Double? = nil, overlapLevel: Double? = nil, maxOverlap: Double? = nil, keep: Bool = false
  ) {
    self.trim = trim
    self.maxPause = maxPause
    self.silenceThreshold = silenceThreshold
    self.trimThreshold = trimThreshold
    self.trimMargin = trimMargin
    self.autoCue = autoCue
    self.cueLevel = cueLevel
    self.overlapLevel = overlapLevel
    self.maxOverlap = maxOverlap
    self.keep = keep
  }

  /// These settings where they say something, `general`'s elsewhere.
  public func over(_ general: SilenceSettings) -> SilenceSettings {
    SilenceSettings(
      trim: trim ?? general.trim, maxPause: maxPause ?? general.maxPause, silenceThreshold: silenceThreshold ?? general.silenceThreshold,
      trimThreshold: trimThreshold ?? general.trimThreshold, trimMargin: trimMargin ?? general.trimMargin, autoCue: autoCue ?? general.autoCue,
      cueLevel: cueLevel ?? general.cueLevel, overlapLevel: overlapLevel ?? general.overlapLevel, maxOverlap: maxOverlap ?? general.maxOverlap,
      keep: keep || general.keep)
  }

  /// Levels (dBFS) a threshold may take.
  public static let thresholdRange = -120.0...0
  /// Seconds a pause may be shortened to.
  public static let maxPauseRange = 0.1...3600
  /// Seconds of margin a trim may keep.
  public static let marginRange = 0.0...10
  /// LU under a track's loudness the cue and overlap levels may take.
  public static let relativeLevelRange = -70.0...0
  /// Seconds an automatic overlap may last.
  public static let maxOverlapRange = 0.0...60

  /// The fields that carry these settings, in a playlist's defaults and entries.
  public static let fieldNames = [
    "trim-silence", "max-pause", "silence-threshold", "trim-threshold", "trim-margin", "auto-cue", "cue-level", "overlap-level", "max-overlap",
  ]
}
