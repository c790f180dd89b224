import Composition
import Settings

/// How to join tracks, as a playlist's `defaults` or a user's flags choose it, in seconds: each
/// choice nil (`inherit`) where not made.
///
/// A user's choices are laid over each playlist's (`over`); what neither says is gapless with
/// equal-power curves (`MixChoices.options(over:)`).
public struct JoinChoices: Sendable, Equatable {
  /// The crossfade between entries, in seconds (`crossfade`); nil when not chosen here.
  public var crossfade: Double?
  /// A crossfade counted in the outgoing entry's beats instead (`crossfade: 16bars`).
  public var crossfadeBeats: Double?
  /// The crossfade's curve (`curve`), or `auto`; equal power when no one chooses.
  public var curve: CurveChoice?
  /// Silence between entries, in seconds (`gap`); not together with a crossfade.
  public var gap: Double?
  /// Keep consecutive tracks of one album gapless (only ever turned on: nil is off).
  public var albumAware: Bool?
  /// Loudness target, scope, ceiling and peak policy.
  public var loudness: LoudnessSettings
  /// Silence edits and automatic cues.
  public var silence: SilenceSettings
  /// The speed and method of entries that give none (`speed`, `method`): a playlist's own, for
  /// its entries as they are read.
  public var stretch: StretchSpec?
  /// Beat-matched crossfades and their settings.
  public var beatMatch: DJTransitionChoices
  /// The tempos analysed beats are counted in where an entry gives none (`tempo-range`): a
  /// playlist's for its own entries, the user's for every input (`InputSource.tempoRange(chosen:)`).
  public var tempoRange: ClosedRange<Double>?

  /// Choices with the given crossfade and gap (seconds), curve and setting groups; whatever is left out is not chosen.
  public init(
    crossfade: Double? = nil, curve: CurveChoice? = nil, gap: Double? = nil, albumAware: Bool? = nil,
    loudness: LoudnessSettings = LoudnessSettings(), silence: SilenceSettings = SilenceSettings(), stretch: StretchSpec? = nil,
    beatMatch: DJTransitionChoices = DJTransitionChoices()
  ) {
    self.crossfade = crossfade
    self.curve = curve
    self.gap = gap
    self.albumAware = albumAware
    self.loudness = loudness
    self.silence = silence
    self.stretch = stretch
    self.beatMatch = beatMatch
  }

  /// True when a crossfade is chosen, in seconds or in beats.
  var crossfades: Bool { crossfade != nil || crossfadeBeats != nil }

  /// Refuses a choice out of its range, or a crossfade and a gap together.
  public func check() throws(SettingProblem) {
    if crossfades && gap != nil { throw .notBoth(.crossfade, .gap) }
    try loudness.check()
    try silence.check()
    try beatMatch.check()
  }

  /// These choices laid over `general` (a playlist's defaults): each choice made here wins, and a
  /// crossfade made here sets aside a gap there, and the other way round. The stretch and the
  /// tempo range are left as they are here: each playlist's apply to its own entries only.
  public func over(_ general: JoinChoices) -> JoinChoices {
    var joined = self
    joined.crossfade = crossfade ?? (gap == nil && crossfadeBeats == nil ? general.crossfade : nil)
    joined.crossfadeBeats = crossfadeBeats ?? (gap == nil && crossfade == nil ? general.crossfadeBeats : nil)
    joined.curve = curve ?? general.curve
    joined.gap = gap ?? (crossfades ? nil : general.gap)
    joined.albumAware = albumAware == true || general.albumAware == true ? true : nil
    joined.loudness = loudness.over(general.loudness)
    joined.silence = silence.over(general.silence)
    joined.beatMatch = beatMatch.over(general.beatMatch)
    return joined
  }
}
