import Composition
import Settings

/// Beat matching and bass swaps as a playlist's defaults or the command line choose them: each
/// choice nil when not made, the command line's over the playlist's.
public struct DJTransitionChoices: Sendable, Equatable {
  /// Match beats in every crossfade (`beatmatch`, `--beatmatch`).
  public var enabled: Bool?
  /// Bars over which the incoming track returns to its own tempo (`tempo-ramp`).
  public var rampBars: Int?
  /// Keep the mix tempo instead (`hold-tempo`).
  public var holdTempo: Bool?
  /// The largest tempo change made, in percent (`max-tempo-change`).
  public var maxTempoChangePercent: Double?
  /// How the incoming track is stretched (`beatmatch-method`); `reset` is `auto`.
  public var method: Override<StretchMethod>
  /// Swap the bass in every crossfade (`eq-swap`, `--eq-swap`).
  public var eqSwap: Bool?
  /// Shift incoming tracks into a key that blends (`key-shift: auto`, `--key-shift auto`).
  public var keyShift: Bool?
  /// The most semitones a track is shifted by (`max-key-shift`).
  public var maxKeyShift: Int?

  /// Choices with those given; each one left nil (or `inherit`) is not made.
  public init(
    enabled: Bool? = nil, rampBars: Int? = nil, holdTempo: Bool? = nil, maxTempoChangePercent: Double? = nil, method: Override<StretchMethod> = .inherit,
    eqSwap: Bool? = nil, keyShift: Bool? = nil, maxKeyShift: Int? = nil
  ) {
    self.enabled = enabled
    self.rampBars = rampBars
    self.holdTempo = holdTempo
    self.maxTempoChangePercent = maxTempoChangePercent
    self.method = method
    self.eqSwap = eqSwap
    self.keyShift = keyShift
    self.maxKeyShift = maxKeyShift
  }

  /// These choices over `general`'s.
  public func over(_ general: DJTransitionChoices) -> DJTransitionChoices {
    DJTransitionChoices(
      enabled: enabled ?? general.enabled, rampBars: rampBars ?? general.rampBars, holdTempo: holdTempo ?? general.holdTempo,
      maxTempoChangePercent: maxTempoChangePercent ?? general.maxTempoChangePercent, method: method.over(general.method),
      eqSwap: eqSwap ?? general.eqSwap, keyShift: keyShift ?? general.keyShift, maxKeyShift: maxKeyShift ?? general.maxKeyShift)
  }

  /// The beat-matching settings these choices make, Segue's defaults where they make none.
  public var settings: BeatMatchSettings {
    var settings = BeatMatchSettings()
    settings.enabled = enabled ?? false
    settings.rampBars = rampBars ?? settings.rampBars
    settings.holdTempo = holdTempo ?? false
    settings.maxTempoChange = maxTempoChangePercent.map { $0 / 100 } ?? settings.maxTempoChange
    settings.method = method.value
    return settings
  }

  /// The key shifting these choices make, Segue's defaults (off, at most a semitone) where they
  /// make none.
  public var keyShifting: KeyShiftSettings {
    KeyShiftSettings(automatic: keyShift ?? false, maxSemitones: maxKeyShift ?? KeyShiftSettings().maxSemitones)
  }

  /// The names of these choices as playlist defaults.
  public static let fieldNames = ["beatmatch", "tempo-ramp", "hold-tempo", "max-tempo-change", "beatmatch-method", "eq-swap", "key-shift", "max-key-shift"]
  /// Refuses a ramp or tempo change out of its range.
  public func check() throws(SettingProblem) {
    if let rampBars { _ = try Setting.tempoRamp.check(Double(rampBars)) }
    if let maxTempoChangePercent { _ = try Setting.maxTempoChange.check(maxTempoChangePercent) }
    if let maxKeyShift { _ = try Setting.maxKeyShift.check(Double(maxKeyShift)) }
  }
}
