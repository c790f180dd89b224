import Composition
import Playlists

/// How to join the inputs where their own entries do not say, in seconds.
public struct MixOptions: Sendable, Equatable {
  /// Crossfade every transition by this many seconds (0 or nil: gapless).
  public var crossfade: Double?
  /// Crossfade every transition by this many beats of the outgoing track instead.
  public var crossfadeBeats: Double?
  /// The curve of those crossfades.
  public var curve: CurveChoice
  /// Put this many seconds of silence between inputs instead.
  public var gap: Double?
  /// Keep consecutive tracks of one album (by their `album` tag) gapless; crossfade or gap only
  /// between albums.
  public var albumAware: Bool
  /// Loudness levelling and the peak guard.
  public var loudness: LoudnessOptions
  /// Silence edits and automatic cues for every track (an entry's own settings win).
  public var silence: SilenceSettings
  /// Beat-matched crossfades (`--beatmatch`) and how they are made.
  public var beatMatching = BeatMatchSettings()
  /// Swap the bass in every crossfade (`--eq-swap`).
  public var eqSwap = false
  /// Pitch-shift incoming tracks into a key that blends (`--key-shift auto`).
  public var keyShift = KeyShiftSettings()
  /// Put the tracks in an order that mixes in key (`--order harmonic`), the first kept first.
  public var harmonicOrder = false
  /// With `harmonicOrder`, keep the last track last too (`--keep-last`).
  public var keepLast = false
  /// The tempos analysed beats are counted in (`--tempo-range`) where an entry or its playlist
  /// gives none (`InputSource.tempoRange(chosen:)`).
  public var tempoRange: ClosedRange<Double>?

  /// Joins the inputs by `crossfade` or `gap` seconds (neither: gapless) with `curve`, under these loudness
  /// and silence settings; beat matching, key shifting and harmonic order start off.
  public init(
    crossfade: Double? = nil, curve: CurveChoice = .fixed(.equalPower), gap: Double? = nil, albumAware: Bool = false,
    loudness: LoudnessOptions = LoudnessOptions(), silence: SilenceSettings = SilenceSettings()
  ) {
    self.crossfade = crossfade
    self.curve = curve
    self.gap = gap
    self.albumAware = albumAware
    self.loudness = loudness
    self.silence = silence
  }
}

extension MixOptions {
  /// True when some transition may match beats or counts beats, or an entry is stretched to a
  /// tempo, so the tracks' tempos are needed.
  func needsTempo(_ inputs: [InputSource]) -> Bool {
    let counted = { (input: InputSource) -> Bool in
      guard case .crossfade(let spec) = input.options.transition else { return false }
      return spec.beats != nil
    }
    return beatMatching.enabled || crossfadeBeats != nil
      || inputs.contains { $0.options.beatMatch == true || counted($0) || $0.options.stretch?.tempo != nil }
  }

  /// True when the tracks' keys are analysed: for the mixes that match beats (a DJ's mixes), where
  /// each transition's keys are reported, and to shift keys. Keys already known (the facts cache, a playlist's
  /// `key`) are reported in any mix.
  func needsKeys(_ inputs: [InputSource]) -> Bool { needsTempo(inputs) || keyShift.automatic || harmonicOrder }
}
