import Foundation

/// How beat-matched transitions are made (`--beatmatch` and the settings beside it).
public struct BeatMatchSettings: Sendable, Hashable {
  /// Match every crossfade's beats; an entry's own `beatmatch` overrides it for its transition.
  public var enabled = false
  /// Bars over which the incoming track returns to its own tempo after the overlap.
  public var rampBars = 8
  /// Keep the mix tempo through the rest of the incoming track instead of returning.
  public var holdTempo = false
  /// The largest tempo change made, as a fraction (0.08 is 8 %); a larger one gives a plain
  /// crossfade.
  public var maxTempoChange = 0.08
  /// How the incoming track is stretched; nil picks by the change (`StretchMethod.automatic`).
  public var method: StretchMethod?
  /// Beats per phrase that transitions start on (with automatic cue points); nil starts them on
  /// the downbeat nearest the crossfade asked for.
  public var phraseBeats: Int?

  /// Settings with beat matching off, 8-bar ramps back to the track's own tempo, tempo changes up to 8 %, the method
  /// picked by the change, and transitions on the downbeat nearest the crossfade asked for.
  public init() {}

  /// Ramps Segue makes, in bars.
  public static let rampRange = 1...64
  /// Tempo changes Segue makes, as fractions.
  public static let tempoChangeRange = 0.0...0.5
}

/// What a beat-matched transition did: the tempos, the stretch, and where the beats met.
public struct BeatMatch: Sendable, Hashable {
  /// The outgoing track's tempo as it plays, and the incoming track's own, in BPM.
  public var outgoingBPM: Double
  /// The incoming track's own tempo, before it is stretched, in BPM.
  public var incomingBPM: Double
  /// The incoming track's length ratio through the overlap (output ÷ source).
  public var lengthRatio: Double
  /// How the incoming track is stretched: resampled (varispeed) or with its pitch kept.
  public var method: StretchMethod
  /// Why `method` was picked.
  public var methodReason: String
  /// The output frame where the incoming track's first downbeat meets a beat of the outgoing one.
  public var alignedAt: Int64
  /// True when that beat starts a phrase of the outgoing track (automatic cue points).
  public var onPhrase = false
  /// How many beats of the incoming track go to one of the outgoing track's: 1, 2 (it is counted
  /// at double time) or 0.5.
  public var beatsPerBeat: Double
  /// Bars over which the incoming track returns to its own tempo; nil when it holds the mix tempo.
  public var rampBars: Int?
  /// Source frames the incoming track's start moved forward to reach its first downbeat.
  public var inPointMoved: Int64
  /// How far apart the grids put the two tracks' paired beats in the overlap, at worst, in frames
  /// (the stretch's key frames fall on whole frames).
  public var predictedOffset: Double = 0
}

/// A transition's beat matching: made, or why the crossfade stayed plain.
public enum BeatMatchOutcome: Sendable, Hashable {
  /// The beats were matched, as the `BeatMatch` tells.
  case matched(BeatMatch)
  /// The crossfade stayed plain, for `reason` (in words, for plans and summaries).
  case plain(reason: String)
}

extension BeatMatch {
  /// The match in words, for plans and summaries: the tempos, the stretch and where the beats met.
  public func description(sampleRate: Int) -> String {
    let counted = beatsPerBeat == 1 ? "" : beatsPerBeat > 1 ? " (counted at double time)" : " (counted at half time)"
    let after = rampBars.map { "back to its own tempo over \($0) bars" } ?? "holding the mix tempo to its end"
    let moved = inPointMoved > 0 ? ", its start moved \(SecondsFormatter(sampleRate: sampleRate)(inPointMoved)) to its first downbeat" : ""
    return String(format: "%.2f BPM into %.2f BPM%@: the incoming track stretched by length ratio %.6f (%@: %@), ", outgoingBPM, incomingBPM, counted, lengthRatio, method.rawValue, methodReason)
      + "its first downbeat on the outgoing track's \(onPhrase ? "phrase start" : "beat") at \(SecondsFormatter(sampleRate: sampleRate)(alignedAt))\(moved), \(after)"
      + String(format: "; its beats predicted within %.2f ms of the outgoing track's", predictedOffset / Double(sampleRate) * 1000)
  }
}
