import Foundation

/// One entry to plan: a source of known exact length, with its cue points, gain and fades.
public struct PlanItem: Sendable {
  /// The source's index in the render's inputs.
  public var source: Int
  /// The source's exact length in frames at the timeline's rate.
  public var availableFrames: Int64
  /// Where the entry starts in its source, in frames at the timeline's rate.
  public var inPoint: Int64
  /// Where the clip ends in its source; the source's end when nil.
  public var outPoint: Int64?
  /// Source frames left out between the in and out points (pauses shortened), in order.
  public var cuts: [SourceCut] = []
  /// The frames the entry is stretched to (its in-to-out source frames becoming this many), and how.
  public var stretch: (frames: Int64, method: StretchMethod)?
  /// Semitones the entry's pitch moves, its length unchanged (a key shift); 0 for none.
  public var pitchShift = 0
  /// A constant gain factor on the entry (1: unchanged).
  public var gain: Double
  /// A fade from silence over the entry's first frames; nil for none.
  public var fadeIn: Fade?
  /// A fade to silence over the entry's last frames; nil for none.
  public var fadeOut: Fade?
  /// The transition into the next entry; the defaults' when nil.
  public var transition: TransitionRequest?
  /// The album tag, for album-aware planning.
  public var album: String?
  /// Its beat grid in source frames at the timeline's rate, for beat-matched transitions.
  public var beat: BeatGrid?
  /// How sure that grid is (1 where the playlist states the tempo); beats are matched only on
  /// grids of `BeatGrid.sureConfidence` or more.
  public var beatConfidence = 1.0
  /// Why that grid's tempo is in doubt however sure it is (its octave); beats are not matched on a
  /// grid in doubt. Nil when nothing is.
  public var beatDoubt: String?
  /// Whether its transition into the next entry matches beats; the defaults' when nil.
  public var beatMatch: Bool?
  /// Whether its crossfade into the next entry swaps the bass; the defaults' when nil.
  public var eqSwap: Bool?
  /// How the entry is named in messages, for example `set.yaml:7: b.flac`.
  public var label: String
  /// Its source's own length and rate, where it plays all of it at a rate other than the
  /// timeline's: touching items at one such rate are resampled as one signal, and each takes its
  /// length from the signal's (`RunLayout`).
  public var resampledSource: ResampledSource?

  /// The frames it plays of its source: in to out, cuts left out, before any stretch.
  public var playedFrames: Int64 { (outPoint ?? availableFrames) - inPoint - cuts.reduce(0) { $0 + Int64($1.skipped.count) } }

  /// An entry playing `source` (`availableFrames` long) from `inPoint` to `outPoint` (its end when nil), named `label`;
  /// no cuts, stretch or pitch shift, and the defaults' transition, beat matching and bass swap.
  public init(
    source: Int, availableFrames: Int64, inPoint: Int64 = 0, outPoint: Int64? = nil, gain: Double = 1,
    fadeIn: Fade? = nil, fadeOut: Fade? = nil, transition: TransitionRequest? = nil, album: String? = nil,
    label: String
  ) {
    self.source = source
    self.availableFrames = availableFrames
    self.inPoint = inPoint
    self.outPoint = outPoint
    self.gain = gain
    self.fadeIn = fadeIn
    self.fadeOut = fadeOut
    self.transition = transition
    self.album = album
    self.label = label
  }
}

/// A fade at a clip's own start or end.
public struct Fade: Sendable, Hashable {
  /// How many frames the fade lasts, in the clip's own time.
  public var length: Int64
  /// The shape the gain follows over the fade.
  public var curve: FadeCurve

  /// A fade of `length` frames along `curve`.
  public init(length: Int64, curve: FadeCurve) {
    self.length = length
    self.curve = curve
  }
}

/// A curve as asked for: a fixed one, or `auto` (chosen by measuring the material).
public enum CurveChoice: Sendable, Hashable {
  /// This curve, whatever the material.
  case fixed(FadeCurve)
  /// A curve chosen per transition by how alike the outgoing track's end and the incoming one's start measure.
  case auto

  /// The fixed curve, or nil for `auto`.
  public var fixed: FadeCurve? { if case .fixed(let curve) = self { curve } else { nil } }
}

extension CurveChoice: RawRepresentable, CaseIterable {
  /// Every fixed curve, then `auto`.
  public static var allCases: [CurveChoice] { FadeCurve.allCases.map(CurveChoice.fixed) + [.auto] }

  /// `auto`, or a fixed curve's name (`equal-power`).
  public init?(rawValue: String) {
    guard rawValue != "auto" else { self = .auto; return }
    guard let curve = FadeCurve(rawValue: rawValue) else { return nil }
    self = .fixed(curve)
  }

  /// The name a playlist or the command line gives it.
  public var rawValue: String { fixed?.rawValue ?? "auto" }
}

/// A transition as asked for, in frames at the mix's rate, before `auto` curves are resolved
/// (`TransitionSpec` tells the chain).
public enum TransitionRequest: Sendable, Hashable {
  /// The incoming entry starts right where the outgoing one ends.
  case gapless
  /// This many frames of silence between the two entries.
  case gap(Int64)
  /// `overlap` nil means the longer of the two fades.
  case crossfade(outLength: Int64, inLength: Int64, outCurve: CurveChoice, inCurve: CurveChoice, overlap: Int64?)

  /// A symmetric crossfade of `length` frames.
  public static func crossfade(length: Int64, curve: CurveChoice) -> TransitionRequest {
    .crossfade(outLength: length, inLength: length, outCurve: curve, inCurve: curve, overlap: nil)
  }
}

/// What applies where an entry does not say.
public struct PlanDefaults: Sendable {
  /// The transition between two entries where the outgoing one asks for none.
  public var transition: TransitionRequest
  /// Keep consecutive tracks of one album gapless; apply `transition` only between albums.
  public var albumAware: Bool
  /// Silence before the first entry, in frames.
  public var leadingSilence: Int64 = 0
  /// How crossfades match beats, and whether they do unless an entry says.
  public var beatMatching = BeatMatchSettings()
  /// Swap the bass in every crossfade (`LowBandSwap`), unless an entry says otherwise.
  public var eqSwap = false

  /// Defaults with `transition` between entries, album-aware if asked; no leading silence, beat matching off, no bass swap.
  public init(transition: TransitionRequest = .gapless, albumAware: Bool = false) {
    self.transition = transition
    self.albumAware = albumAware
  }
}

/// A planned mix: the timeline, the transition between each pair, and why automatic choices fell
/// as they did.
public struct Plan: Sendable {
  /// The clips laid out, tracks and overlays, in order of start.
  public var timeline: Timeline
  /// The transition between each two consecutive entries, in order.
  public var transitions: [ResolvedTransition]
  /// Why automatic choices fell as they did, and warnings: a line each, naming the two entries of its transition.
  public var notes: [String]
  /// The sources of each run of tracks resampled as one signal, in order (`RunLayout`); the
  /// clips say where they lie in them (`Clip.resampledRun`).
  public var resampledRuns: [[Int]]

  /// A plan of `timeline`, with its transitions, notes and resampled runs.
  public init(timeline: Timeline, transitions: [ResolvedTransition] = [], notes: [String] = [], resampledRuns: [[Int]] = []) {
    self.timeline = timeline
    self.transitions = transitions
    self.notes = notes
    self.resampledRuns = resampledRuns
  }
}

/// The transition between two consecutive entries, after policy: which join, what was made of
/// it, and what beat matching did there.
public struct ResolvedTransition: Sendable, Hashable {
  /// The outgoing entry's index in the planned items.
  public var from: Int
  /// The incoming entry's index in the planned items (`from` + 1).
  public var to: Int
  /// The transition as made: `auto` curves resolved, a beat-matched crossfade's overlap set so the downbeats meet.
  public var transition: Transition
  /// What beat matching did here; nil where it was not asked for.
  public var beatMatch: BeatMatchOutcome?
  /// The keys the two tracks play in here; nil where either key is unknown.
  public var keys: TransitionKeys?
}

/// The keys two tracks play in where they meet (each its own key moved by its speed and any
/// shift), and how they relate.
public struct TransitionKeys: Sendable, Hashable {
  /// The key the outgoing track plays in there.
  public var outgoing: MusicalKey
  /// The key the incoming track plays in there, its shift included.
  public var incoming: MusicalKey
  /// Semitones the incoming track is shifted by (`pitch`, `--key-shift auto`); 0 when none.
  public var incomingShift: Int

  /// The keys two tracks play in where they meet, and the semitones the incoming one is shifted by.
  public init(outgoing: MusicalKey, incoming: MusicalKey, incomingShift: Int = 0) {
    self.outgoing = outgoing
    self.incoming = incoming
    self.incomingShift = incomingShift
  }

  /// How the incoming key sits to the outgoing one on the Camelot wheel (same, adjacent, relative, clash).
  public var relation: KeyRelation { KeyRelation(from: outgoing, to: incoming) }
}

/// A plan that cannot be made, worded for the user.
public struct PlanError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, worded for the user: a line per problem.
  public var message: String

  /// An error saying `message`.
  public init(message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// The pure decisions the planner delegates: which curve `auto` picks.
public enum TransitionPolicy {
  /// Above this correlation the two ends count as the same material.
  public static let correlatedThreshold = 0.5

  /// Equal gain for correlated material (the amplitudes add), equal power for unrelated material
  /// (the powers add), as SoX's `splice` documentation advises.
  public static func autoCurve(correlation: Double) -> (curve: FadeCurve, reason: String) {
    let r = (correlation * 100).rounded() / 100
    return correlation > correlatedThreshold
      ? (.linear, "the ends are correlated, r = \(r)")
      : (.equalPower, "the ends are unrelated, r = \(r)")
  }

  /// A warning when both sides of a crossfade use a curve made for fading alone (`exp`, `log`),
  /// which leaves a hole or a bump where the fades meet: the level at the middle of the overlap
  /// for unrelated material (the powers add). Nil when the crossfade keeps its level within 1 dB.
  public static func fullCrossfadeWarning(_ crossfade: Crossfade) -> String? {
    let soloCurves: Set<FadeCurve> = [.exp, .log]
    guard soloCurves.contains(crossfade.outCurve), soloCurves.contains(crossfade.inCurve) else { return nil }
    let outGain = crossfade.outCurve.fadeOutGain(0.5)
    let inGain = crossfade.inCurve.fadeInGain(0.5)
    let level = 10 * log10(outGain * outGain + inGain * inGain)
    guard abs(level) > 1 else { return nil }
    let shape = level < 0 ? "hole" : "bump"
    let curves = crossfade.outCurve == crossfade.inCurve
      ? "\(crossfade.outCurve.rawValue) on both sides" : "\(crossfade.outCurve.rawValue) out and \(crossfade.inCurve.rawValue) in"
    let size = (abs(level) * 10).rounded() / 10
    return "\(curves) leaves a \(size) dB \(shape) at the middle of the crossfade; equal-power (or linear for the same material) keeps the level"
  }
}

/// Formats frame counts as seconds with millisecond precision, for messages.
struct SecondsFormatter {
  let sampleRate: Int

  func callAsFunction(_ frames: Int64) -> String {
    let milliseconds = (frames * 1000 + Int64(sampleRate / 2)) / Int64(sampleRate)
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
  }
}
