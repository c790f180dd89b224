import Composition
import Playlists
import Settings

/// How to join tracks, as a user chose it: each choice nil (or false) when not made.
///
/// Choices win over a playlist's defaults; what neither says is gapless with equal-power curves.
/// A crossfade chosen here also overrides a gap from the playlist, and the other way round.
public struct MixChoices: Sendable, Equatable {
  public var crossfade: Double?
  /// A crossfade counted in the outgoing track's beats instead (`--crossfade 16bars`).
  public var crossfadeBeats: Double?
  public var curve: CurveChoice?
  public var gap: Double?
  public var albumAware: Bool
  /// Loudness target, scope, ceiling and peak policy, each over the playlist's.
  public var loudness: LoudnessSettings
  /// What only the command line chooses: where gains come from, metering and tagging the output.
  public var gainSource: LoudnessOptions.GainSource
  public var measure: Bool
  public var writeReplayGain: Bool
  /// Silence edits and automatic cues, each over the playlist's.
  public var silence: SilenceSettings
  /// Beat matching and bass swaps, each choice over the playlist's.
  public var beatMatch = DJTransitionChoices()
  /// The tempos analysed beats are counted in (`--tempo-range`), over the playlists' defaults.
  public var tempoRange: ClosedRange<Double>?
  /// Reorder the tracks to mix in key (`--order harmonic`), the last kept last too (`--keep-last`).
  public var harmonicOrder = false
  public var keepLast = false

  public init(
    crossfade: Double? = nil, curve: CurveChoice? = nil, gap: Double? = nil, albumAware: Bool = false,
    loudness: LoudnessSettings = LoudnessSettings(), gainSource: LoudnessOptions.GainSource = .analysis, measure: Bool = false,
    writeReplayGain: Bool = false, silence: SilenceSettings = SilenceSettings()
  ) {
    self.crossfade = crossfade
    self.curve = curve
    self.gap = gap
    self.albumAware = albumAware
    self.loudness = loudness
    self.gainSource = gainSource
    self.measure = measure
    self.writeReplayGain = writeReplayGain
    self.silence = silence
  }

  /// Refuses a choice out of its range, or a crossfade and a gap together.
  public func check() throws(SettingProblem) {
    if (crossfade != nil || crossfadeBeats != nil) && gap != nil { throw .notBoth(.crossfade, .gap) }
    try loudness.check()
    try silence.check()
    try beatMatch.check()
  }

  /// The mix options these choices make over `defaults`, once they pass `check()`.
  public func options(over defaults: PlaylistDefaults) throws(RenderError) -> MixOptions {
    do { try check() } catch { throw .setting(error) }
    let crossfades = crossfade != nil || crossfadeBeats != nil
    var options = MixOptions(
      crossfade: crossfade ?? (gap == nil && crossfadeBeats == nil ? defaults.crossfade : nil),
      curve: curve ?? defaults.curve ?? .fixed(.equalPower),
      gap: gap ?? (crossfades ? nil : defaults.gap),
      albumAware: albumAware || defaults.albumAware == true,
      loudness: LoudnessOptions(
        targetLUFS: loudness.target.over(defaults.loudness.target).value, scope: loudness.scope ?? defaults.loudness.scope ?? .auto,
        truePeakDBTP: loudness.truePeak ?? defaults.loudness.truePeak, peakPolicy: loudness.peakPolicy ?? defaults.loudness.peakPolicy ?? .limit,
        gainSource: gainSource, measure: measure, writeReplayGain: writeReplayGain),
      silence: silence.over(defaults.silence))
    options.crossfadeBeats = crossfadeBeats ?? (gap == nil && crossfade == nil ? defaults.crossfadeBeats : nil)
    let dj = beatMatch.over(defaults.beatMatch)
    options.beatMatching = dj.settings
    options.eqSwap = dj.eqSwap ?? false
    options.keyShift = dj.keyShifting
    (options.harmonicOrder, options.keepLast) = (harmonicOrder, keepLast)
    options.tempoRange = tempoRange
    return options
  }
}

extension PlaylistDefaults {
  /// The transition these defaults set, its curve as `curve` chooses over theirs; nil for none.
  func transition(curve: CurveChoice?) -> TransitionSpec? {
    if let gap, gap > 0 { return .gap(seconds: gap) }
    if let crossfadeBeats { return .crossfade(.counted(crossfadeBeats, curve: curve ?? self.curve ?? .fixed(.equalPower))) }
    guard let crossfade, crossfade > 0 else { return nil }
    return .crossfade(.symmetric(crossfade, curve: curve ?? self.curve ?? .fixed(.equalPower)))
  }
}
