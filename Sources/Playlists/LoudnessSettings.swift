import Settings

/// Which tracks share one loudness gain.
public enum LoudnessScope: String, Sendable, Equatable, SettingChoice {
  /// Every track its own gain: each lands on the target.
  case track
  /// One gain for all the tracks, measured together as one album: their differences are kept.
  case album
  /// One gain for the whole output, measured over what the mix plays of each clip (as podcast and
  /// broadcast specifications measure a whole episode).
  case program
  /// Album gain for consecutive tracks of one album (by their album tag), track gain otherwise.
  case auto
}

/// What to do where a gain would push a clip's peaks over the ceiling.
public enum PeakPolicy: String, Sendable, Equatable, SettingChoice {
  /// A transparent look-ahead limiter acts on those peaks alone.
  case limit
  /// The clip's gain is lowered until its peaks fit.
  case cap
  /// Nothing: samples over full scale are counted and reported, and clip in integer output.
  case none
}

/// A playlist's loudness settings (the YAML format's `defaults`); nil where it says nothing.
public struct LoudnessSettings: Sendable, Equatable {
  /// The level to bring tracks to, in LUFS; `reset` when levelling is turned off.
  public var target: Override<Double>
  /// Which tracks share one gain: each its own, per album, the whole program, or by album tag (`auto`).
  public var scope: LoudnessScope?
  /// The true-peak ceiling, in dBTP.
  public var truePeak: Double?
  /// What happens where the gain would push peaks over the ceiling: limit, lower the gain, or nothing.
  public var peakPolicy: PeakPolicy?

  /// Settings with the given target (LUFS), scope, ceiling (dBTP) and peak policy; those not given say nothing.
  public init(target: Override<Double> = .inherit, scope: LoudnessScope? = nil, truePeak: Double? = nil, peakPolicy: PeakPolicy? = nil) {
    self.target = target
    self.scope = scope
    self.truePeak = truePeak
    self.peakPolicy = peakPolicy
  }

  /// Refuses a target or ceiling out of its range.
  public func check() throws(SettingProblem) {
    if let target = target.value { _ = try Setting.loudness.check(target) }
    if let truePeak { _ = try Setting.truePeak.check(truePeak) }
  }

  /// These settings laid over `general`: each one given here wins.
  public func over(_ general: LoudnessSettings) -> LoudnessSettings {
    LoudnessSettings(
      target: target.over(general.target), scope: scope ?? general.scope, truePeak: truePeak ?? general.truePeak,
      peakPolicy: peakPolicy ?? general.peakPolicy)
  }
}
