import Playlists

/// One track's silence and cue rules, every value settled: its entry's settings over the command
/// line's over the playlist's defaults, the built-in defaults where none speaks.
struct SilenceRules: Equatable {
  var trim: Bool
  /// Seconds every longer pause is shortened to; nil: pauses are kept.
  var maxPause: Double?
  /// Seconds of break kept before the next track, as the settings give it; nil: decided by
  /// `chapterGap(audiobook:)`.
  var chapterGapSetting: Double?
  var silenceThresholdDB: Double
  var trimThresholdDB: Double
  var trimMargin: Double
  var autoCue: AutoCueRules?

  /// The value podcast players settled on for pauses in speech, in dBFS.
  static let defaultSilenceThreshold = -35.0
  /// Dead air, well under any audible fade-out tail, in dBFS.
  static let defaultTrimThreshold = -60.0
  static let defaultTrimMargin = 0.05
  /// The break between an audiobook's trimmed chapters when nothing else sets it, in seconds:
  /// longer than any pause inside a chapter, as narrators leave between chapters.
  static let defaultAudiobookChapterGap = 2.0

  /// The rules `settings` make; nil when they ask for no silence edit (or say `keep`).
  init?(_ settings: SilenceSettings) {
    let maxPause = settings.maxPause.value
    let autoCue = settings.autoCue == true
    guard !settings.keep, settings.trim == true || maxPause != nil || autoCue || settings.chapterGap != nil else { return nil }
    trim = settings.trim == true
    self.maxPause = maxPause
    chapterGapSetting = settings.chapterGap
    silenceThresholdDB = settings.silenceThreshold ?? Self.defaultSilenceThreshold
    trimThresholdDB = settings.trimThreshold ?? Self.defaultTrimThreshold
    trimMargin = settings.trimMargin ?? Self.defaultTrimMargin
    self.autoCue =
      autoCue
      ? AutoCueRules(
        cueLevel: settings.cueLevel ?? AutoCueRules.defaultCueLevel, overlapLevel: settings.overlapLevel ?? AutoCueRules.defaultOverlapLevel,
        maxOverlap: settings.maxOverlap ?? AutoCueRules.defaultMaxOverlap)
      : nil
  }

  /// The thresholds whose audible spans these rules read.
  var audibleThresholds: [Double] {
    let edits = (trim ? [trimThresholdDB] : []) + (maxPause != nil ? [silenceThresholdDB] : [])
    return chapterGapSetting != nil && !edits.contains(gapThresholdDB) ? edits + [gapThresholdDB] : edits
  }

  /// The level under which a chapter gap counts the track's edges as silence: where pauses are
  /// shortened, the pauses' own threshold (a chapter break is then measured like a pause), else
  /// dead air's.
  var gapThresholdDB: Double { maxPause != nil ? silenceThresholdDB : trimThresholdDB }

  /// The break kept between this track and the next, in seconds, and where it comes from: the
  /// setting; else the longest pause, so a chapter break is never shorter than a pause inside a
  /// chapter; else, for trimmed audiobook chapters, `defaultAudiobookChapterGap`; nil otherwise (an
  /// album trimmed for gapless play keeps its tracks together).
  func chapterGap(audiobook: Bool) -> (seconds: Double, source: String)? {
    if let chapterGapSetting { return (chapterGapSetting, "--chapter-gap") }
    if let maxPause { return (maxPause, "--max-pause's, as no --chapter-gap is given") }
    if trim && audiobook { return (Self.defaultAudiobookChapterGap, "the default between an audiobook's trimmed chapters; --chapter-gap changes it") }
    return nil
  }
}

/// How automatic cue points and transitions are placed, in LU under a track's loudness and seconds.
struct AutoCueRules: Equatable {
  var cueLevel: Double
  var overlapLevel: Double
  var maxOverlap: Double

  static let defaultCueLevel = -42.0
  static let defaultOverlapLevel = -8.0
  static let defaultMaxOverlap = 10.0
}
