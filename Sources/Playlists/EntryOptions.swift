import Composition

/// What a playlist says about how to play one entry, in the units the file writes them.
public struct EntryOptions: Sendable, Equatable {
  /// Where to start in the file (cue in).
  public var inPoint: PlaylistTime?
  /// Where to stop in the file (cue out).
  public var outPoint: PlaylistTime?
  /// Gain in decibels.
  public var gainDB: Double?
  /// The fade at the entry's own start (`fade-in`); nil for none.
  public var fadeIn: FadeSpec?
  /// The fade at the entry's own end (`fade-out`); nil for none.
  public var fadeOut: FadeSpec?
  /// How this entry hands over to the next.
  public var transition: TransitionSpec?
  /// True when loudness levelling leaves this entry alone (`loudness: off`).
  public var loudnessExempt = false
  /// Its own silence and cue settings (`max-pause`, `silence: keep`, ...).
  public var silence = SilenceSettings()
  /// How it is stretched (`speed`, `length`, `method`); nil plays it at its own speed.
  public var stretch: StretchSpec?
  /// Its tempo and first beat (`bpm`, `first-beat`), over what the analysis finds.
  public var beat = BeatSpec()
  /// The tempos its analysed beat is counted in (`tempo-range`, BPM); the mix's when nil.
  public var tempoRange: ClosedRange<Double>?
  /// Whether its transition into the next entry matches beats (`transition: {beatmatch: ...}`);
  /// the mix's setting when nil.
  public var beatMatch: Bool?
  /// Whether that transition swaps the bass (`transition: {eq-swap: ...}`); the mix's when nil.
  public var eqSwap: Bool?
  /// Its musical key (`key`, in any of the three spellings), over what the analysis finds.
  public var key: MusicalKey?
  /// Semitones it is pitch-shifted by (`pitch: +1`), its length unchanged; over `--key-shift auto`.
  public var pitch: Int?

  /// Options with the cue points, gain, fades and transition given; the rest say nothing.
  public init(
    inPoint: PlaylistTime? = nil, outPoint: PlaylistTime? = nil, gainDB: Double? = nil, fadeIn: FadeSpec? = nil,
    fadeOut: FadeSpec? = nil, transition: TransitionSpec? = nil
  ) {
    self.inPoint = inPoint
    self.outPoint = outPoint
    self.gainDB = gainDB
    self.fadeIn = fadeIn
    self.fadeOut = fadeOut
    self.transition = transition
  }
}

/// A fade at an entry's own start or end.
public struct FadeSpec: Sendable, Equatable {
  /// How long the fade lasts, in seconds.
  public var seconds: Double
  /// The fade's shape; equal power when the playlist names none.
  public var curve: FadeCurve

  /// A fade `seconds` long on `curve`.
  public init(seconds: Double, curve: FadeCurve = .equalPower) {
    self.seconds = seconds
    self.curve = curve
  }
}

/// A transition between two entries, in seconds, as a playlist or the command line gives it.
///
/// A transition passes through four types, each knowing something the one before does not: this
/// (seconds, a crossfade maybe counted in beats), `TransitionRequest` (frames at the mix's rate),
/// `Transition` (its `auto` curves picked), `ResolvedTransition` (which join, and what beat
/// matching did there).
public enum TransitionSpec: Sendable, Equatable {
  /// The next entry starts right where this one ends.
  case gapless
  /// This many seconds of silence between the two entries.
  case gap(seconds: Double)
  /// The two entries overlap, one fading out as the other fades in.
  case crossfade(CrossfadeSpec)
}

/// A crossfade in seconds; each side may have its own length and curve.
public struct CrossfadeSpec: Sendable, Equatable {
  /// How long the outgoing entry fades out, in seconds (`out`); 0 while the length is counted in `beats`.
  public var outSeconds: Double
  /// How long the incoming entry fades in, in seconds (`in`); 0 while the length is counted in `beats`.
  public var inSeconds: Double
  /// The outgoing entry's fade shape (`out-curve`), or `auto` to pick one from the audio.
  public var outCurve: CurveChoice
  /// The incoming entry's fade shape (`in-curve`), or `auto` to pick one from the audio.
  public var inCurve: CurveChoice
  /// How long the entries overlap; the longer fade when nil.
  public var overlapSeconds: Double?
  /// The length counted in the outgoing entry's beats (`32beats`, `16bars`), both sides and the
  /// overlap alike; the seconds are worked out from its tempo when the mix is planned.
  public var beats: Double?

  /// A crossfade with each side's length in seconds and curve, overlapping `overlapSeconds` (the longer fade when nil).
  public init(outSeconds: Double, inSeconds: Double, outCurve: CurveChoice, inCurve: CurveChoice, overlapSeconds: Double? = nil) {
    self.outSeconds = outSeconds
    self.inSeconds = inSeconds
    self.outCurve = outCurve
    self.inCurve = inCurve
    self.overlapSeconds = overlapSeconds
  }

  /// Both sides `seconds` long on `curve`.
  public static func symmetric(_ seconds: Double, curve: CurveChoice) -> CrossfadeSpec {
    CrossfadeSpec(outSeconds: seconds, inSeconds: seconds, outCurve: curve, inCurve: curve)
  }

  /// Both sides `beats` beats of the outgoing entry long on `curve`.
  public static func counted(_ beats: Double, curve: CurveChoice) -> CrossfadeSpec {
    var spec = CrossfadeSpec(outSeconds: 0, inSeconds: 0, outCurve: curve, inCurve: curve)
    spec.beats = beats
    return spec
  }
}

/// A stretch as a playlist asks for it: a speed or a target length, and how.
public struct StretchSpec: Sendable, Equatable {
  /// A playback rate S: the entry lasts its length ÷ S.
  public var speed: Double?
  /// The length the entry is stretched to, in seconds.
  public var length: Double?
  /// The tempo the entry is stretched to, in BPM (from its own, found or stated).
  public var tempo: Double?
  /// How; nil picks by the ratio.
  public var method: StretchMethod?

  /// A stretch to a speed, a length in seconds or a tempo in BPM, by `method` (picked by the ratio when nil).
  public init(speed: Double? = nil, length: Double? = nil, tempo: Double? = nil, method: StretchMethod? = nil) {
    self.speed = speed
    self.length = length
    self.tempo = tempo
    self.method = method
  }

  /// Speeds (and so length ratios) a playlist may ask for.
  public static let speedRange = 0.5...2.0
}

/// An entry's beat as a playlist states it, for when the analysis gets it wrong: either part left
/// out is taken from the analysis.
public struct BeatSpec: Sendable, Equatable {
  /// The tempo in beats per minute.
  public var beatsPerMinute: Double?
  /// Where a downbeat falls, in seconds from the start of the file.
  public var firstBeat: Double?

  /// A beat stated as a tempo in BPM and a downbeat in seconds from the file's start; nil parts come from the analysis.
  public init(beatsPerMinute: Double? = nil, firstBeat: Double? = nil) {
    self.beatsPerMinute = beatsPerMinute
    self.firstBeat = firstBeat
  }

  /// True when the playlist says nothing about the beat.
  public var isEmpty: Bool { beatsPerMinute == nil && firstBeat == nil }

  /// Tempos a playlist may give.
  public static let tempoRange = 20.0...400.0
}
