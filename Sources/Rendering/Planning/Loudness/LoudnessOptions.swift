import Playlists
import Settings

/// How a render levels loudness and guards its peaks.
public struct LoudnessOptions: Sendable, Equatable {
  /// The loudness to bring tracks to, in LUFS; nil: no levelling.
  public var targetLUFS: Double?
  /// Which tracks share one levelling gain: each its own, an album's, the whole program's, or `auto`.
  public var scope: LoudnessScope
  /// The true-peak ceiling in dBTP, when one is asked for (default -1 with a target).
  public var truePeakDBTP: Double?
  /// What acts where a gain would push peaks over the ceiling: a limiter, a lowered gain, or nothing.
  public var peakPolicy: PeakPolicy
  /// Where track loudness comes from: the analysis pass, or the inputs' ReplayGain / R128 tags.
  public var gainSource: GainSource
  /// Measure the output's loudness and true peak even without a target or ceiling.
  public var measure: Bool
  /// Tag the output with its ReplayGain 2.0 values.
  public var writeReplayGain: Bool

  /// Where a track's loudness is read from.
  public enum GainSource: String, Sendable, Equatable, SettingChoice {
    /// Measured by the analysis pass.
    case analysis
    /// The file's ReplayGain 2.0 or Opus R128 tags where present, measured otherwise.
    case tags
  }

  /// The ceiling used when levelling asks for none, in dBTP.
  public static let defaultCeiling = -1.0

  /// Builds options from a target, scope, ceiling and policy; by default no levelling or metering, and sample
  /// peaks guarded at full scale.
  public init(
    targetLUFS: Double? = nil, scope: LoudnessScope = .auto, truePeakDBTP: Double? = nil, peakPolicy: PeakPolicy = .limit,
    gainSource: GainSource = .analysis, measure: Bool = false, writeReplayGain: Bool = false
  ) {
    self.targetLUFS = targetLUFS
    self.scope = scope
    self.truePeakDBTP = truePeakDBTP
    self.peakPolicy = peakPolicy
    self.gainSource = gainSource
    self.measure = measure
    self.writeReplayGain = writeReplayGain
  }

  /// The peak guard on the mix bus: a true-peak ceiling when a target or ceiling is set, otherwise
  /// full scale on the samples themselves; nil with `--peak-policy none`.
  public var guardCeiling: PeakCeiling? {
    guard peakPolicy != .none else { return nil }
    if targetLUFS != nil || truePeakDBTP != nil { return PeakCeiling(decibels: truePeakDBTP ?? Self.defaultCeiling, truePeak: true) }
    return PeakCeiling(decibels: 0, truePeak: false)
  }

  /// True when the output is metered: when levelling, a ceiling or a measurement is asked for.
  public var metersOutput: Bool { targetLUFS != nil || truePeakDBTP != nil || measure || writeReplayGain }

  /// True when the inputs must be analysed before planning.
  var needsAnalysis: Bool { targetLUFS != nil }
}

/// The level peaks may not pass.
public struct PeakCeiling: Sendable, Equatable {
  /// In dBTP (true peak) or dBFS (sample peak).
  public var decibels: Double
  /// True when inter-sample peaks count (4x oversampled), false for the samples alone.
  public var truePeak: Bool

  /// The ceiling as a linear amplitude (1 at 0 dB).
  public var linear: Double { Decibels.factor(decibels) }
  /// "-1.0 dBTP" or "0.0 dBFS".
  public var description: String { "\(Decibels.text(decibels)) \(truePeak ? "dBTP" : "dBFS")" }
}
