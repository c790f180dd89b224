import Settings

/// Silence and cue settings as a playlist (its `defaults`, or one entry) or the command line
/// gives them; nil where it says nothing.
///
/// Where several say something, the most specific wins: an entry over the command line over the
/// playlist's defaults (`over(_:)`).
public struct SilenceSettings: Sendable, Equatable {
  /// Remove dead air at each track's start and end.
  public var trim: Bool?
  /// Shorten every pause longer than this many seconds to exactly this long; `reset` turns
  /// shortening off (an entry's `max-pause: off`).
  public var maxPause: Override<Double>
  /// The shortest break, in seconds, kept between one track and the next where silence edits (or
  /// the files' own edges) leave less: the pause a listener hears between chapters.
  public var chapterGap: Double?
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

  /// Settings with the given choices; each one left nil says nothing, and `keep` is off by default.
  public init(
    trim: Bool? = nil, maxPause: Override<Double> = .inherit, chapterGap: Double? = nil, silenceThreshold: Double? = nil, trimThreshold: Double? = nil, trimMargin: Double? = nil,
    autoCue: Bool? = nil, cueLevel: Double? = nil, overlapLevel: Double? = nil, maxOverlap: Double? = nil, keep: Bool = false
  ) {
    self.trim = trim
    self.maxPause = maxPause
    self.chapterGap = chapterGap
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
      trim: trim ?? general.trim, maxPause: maxPause.over(general.maxPause), chapterGap: chapterGap ?? general.chapterGap, silenceThreshold: silenceThreshold ?? general.silenceThreshold,
      trimThreshold: trimThreshold ?? general.trimThreshold, trimMargin: trimMargin ?? general.trimMargin, autoCue: autoCue ?? general.autoCue,
      cueLevel: cueLevel ?? general.cueLevel, overlapLevel: overlapLevel ?? general.overlapLevel, maxOverlap: maxOverlap ?? general.maxOverlap,
      keep: keep || general.keep)
  }

  /// Refuses a level or time out of its range.
  public func check() throws(SettingProblem) {
    let numbers: [(Setting, Double?)] = [
      (.maxPause, maxPause.value), (.chapterGap, chapterGap), (.silenceThreshold, silenceThreshold), (.trimThreshold, trimThreshold), (.trimMargin, trimMargin),
      (.cueLevel, cueLevel), (.overlapLevel, overlapLevel), (.maxOverlap, maxOverlap),
    ]
    for case (let setting, let value?) in numbers { _ = try setting.check(value) }
  }

  /// The fields that carry these settings, in a playlist's defaults and entries.
  public static let fieldNames = [
    "trim-silence", "max-pause", "chapter-gap", "silence-threshold", "trim-threshold", "trim-margin", "auto-cue", "cue-level", "overlap-level", "max-overlap",
  ]
}
