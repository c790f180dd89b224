import Composition
import Playlists
import Settings

/// A user's choices for the mix: how to join tracks (`join`, laid over each playlist's defaults,
/// its fields read and written here as if they were this type's own) and what only the command
/// line chooses; each choice nil (or false) when not made.
///
/// What neither the user nor a playlist says is gapless with equal-power curves.
@dynamicMemberLookup
public struct MixChoices: Sendable, Equatable {
  /// Crossfade, gap, curve, loudness, silence and beat matching, each over the playlist's.
  public var join: JoinChoices
  /// Where gains come from, metering and tagging the output.
  public var gainSource: LoudnessOptions.GainSource
  /// Measure the output's loudness and true peak even without a target or ceiling (`--measure`).
  public var measure: Bool
  /// Tag the output with its ReplayGain 2.0 values (`--write-replaygain`).
  public var writeReplayGain: Bool
  /// Reorder the tracks to mix in key (`--order harmonic`), the last kept last too (`--keep-last`).
  public var harmonicOrder = false
  /// With `harmonicOrder`, keep the last track last (`--keep-last`).
  public var keepLast = false

  /// Builds choices from these join, loudness and silence settings; every other choice is left unmade.
  public init(
    crossfade: Double? = nil, curve: CurveChoice? = nil, gap: Double? = nil, albumAware: Bool = false,
    loudness: LoudnessSettings = LoudnessSettings(), gainSource: LoudnessOptions.GainSource = .analysis, measure: Bool = false,
    writeReplayGain: Bool = false, silence: SilenceSettings = SilenceSettings()
  ) {
    join = JoinChoices(crossfade: crossfade, curve: curve, gap: gap, albumAware: albumAware ? true : nil, loudness: loudness, silence: silence)
    self.gainSource = gainSource
    self.measure = measure
    self.writeReplayGain = writeReplayGain
  }

  /// A choice of `join`'s, as if it were this type's own (`choices.crossfade`).
  public subscript<Value>(dynamicMember choice: WritableKeyPath<JoinChoices, Value>) -> Value {
    get { join[keyPath: choice] }
    set { join[keyPath: choice] = newValue }
  }

  /// Refuses a choice out of its range, or a crossfade and a gap together.
  public func check() throws(SettingProblem) { try join.check() }

  /// The mix options these choices make over `defaults`, once they pass `check()`.
  public func options(over defaults: JoinChoices) throws(RenderError) -> MixOptions {
    do { try check() } catch { throw .setting(error) }
    let joined = join.over(defaults)
    var options = MixOptions(
      crossfade: joined.crossfade, curve: joined.curve ?? .fixed(.equalPower), gap: joined.gap, albumAware: joined.albumAware == true,
      loudness: LoudnessOptions(
        targetLUFS: joined.loudness.target.value, scope: joined.loudness.scope ?? .auto, truePeakDBTP: joined.loudness.truePeak,
        peakPolicy: joined.loudness.peakPolicy ?? .limit, gainSource: gainSource, measure: measure, writeReplayGain: writeReplayGain),
      silence: joined.silence)
    options.crossfadeBeats = joined.crossfadeBeats
    options.beatMatching = joined.beatMatch.settings
    options.eqSwap = joined.beatMatch.eqSwap ?? false
    options.keyShift = joined.beatMatch.keyShifting
    (options.harmonicOrder, options.keepLast) = (harmonicOrder, keepLast)
    options.tempoRange = join.tempoRange
    return options
  }
}

extension JoinChoices {
  /// The transition these defaults set, its curve as `curve` chooses over theirs; nil for none.
  func transition(curve: CurveChoice?) -> TransitionSpec? {
    if let gap, gap > 0 { return .gap(seconds: gap) }
    if let crossfadeBeats { return .crossfade(.counted(crossfadeBeats, curve: curve ?? self.curve ?? .fixed(.equalPower))) }
    guard let crossfade, crossfade > 0 else { return nil }
    return .crossfade(.symmetric(crossfade, curve: curve ?? self.curve ?? .fixed(.equalPower)))
  }
}
