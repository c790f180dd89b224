import Playlists

/// One track's silence and cue rules, every value settled: its entry's settings over the command
/// line's over the playlist's defaults, the built-in defaults where none speaks.
struct SilenceRules: Equatable {
  var trim: Bool
  /// Seconds every longer pause is shortened to; nil: pauses are kept.
  var maxPause: Double?
  var silenceThresholdDB: Double
  var trimThresholdDB: Double
  var trimMargin: Double
  var autoCue: AutoCueRules?

  /// The value podcast players settled on for pauses in speech, in dBFS.
  static let defaultSilenceThreshold = -35.0
  /// Dead air, well under any audible fade-out tail, in dBFS.
  static let defaultTrimThreshold = -60.0
  static let defaultTrimMargin = 0.05

  /// The rules `settings` make; nil when they ask for no silence edit (or say `keep`).
  init?(_ settings: SilenceSettings) {
    let maxPause = settings.maxPause.value
    let autoCue = settings.autoCue == true
    guard !settings.keep, settings.trim == true || maxPause != nil || autoCue else { return nil }
    trim = settings.trim == true
    self.maxPause = maxPause
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
  var audibleThresholds: [Double] { (trim ? [trimThresholdDB] : []) + (maxPause != nil ? [silenceThresholdDB] : []) }
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
