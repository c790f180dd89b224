import Composition
import Foundation

/// The joins of a plan as programs read them: each transition's kind and lengths, what beat
/// matching did there, and the two tracks' keys.
extension PlanReport {
  /// The join between track `from` and track `to` (numbered from 1, as in `tracks`).
  public struct TransitionEntry: Encodable, Sendable {
    /// The outgoing track's number, from 1.
    public var from: Int
    /// The incoming track's number, from 1.
    public var to: Int
    /// "gapless", "gap" or "crossfade".
    public var kind: String
    /// Frames the two tracks overlap, in sample frames at the mix's rate; nil unless a crossfade.
    public var overlap: Int64?
    /// Frames of silence between the two tracks; nil unless a gap.
    public var gap: Int64?
    /// Frames the outgoing track fades out over; nil unless a crossfade.
    public var outLength: Int64?
    /// Frames the incoming track fades in over; nil unless a crossfade.
    public var inLength: Int64?
    /// The outgoing fade's curve: "linear", "equal-power", "s-curve", "log" or "exp"; nil unless a crossfade.
    public var outCurve: String?
    /// The incoming fade's curve, spelled as `outCurve` is; nil unless a crossfade.
    public var inCurve: String?
    /// What beat matching did, where it was asked for.
    public var beatMatch: BeatMatchEntry?
    /// The keys the two tracks play in here, where both are known.
    public var key: KeyEntry?
  }

  /// The keys of a transition's two tracks as they play there, and how they relate.
  public struct KeyEntry: Encodable, Sendable {
    /// Camelot codes ("8A") and names ("A minor").
    public var outgoing: String
    /// The outgoing track's key by name ("A minor", "Eb major").
    public var outgoingName: String
    /// The incoming track's key as a Camelot code ("9A"), as it plays there.
    public var incoming: String
    /// The incoming track's key by name, as it plays there.
    public var incomingName: String
    /// "same", "adjacent", "relative" or "clash".
    public var relation: String
    /// Steps apart on the Camelot wheel (one more when the modes differ): 0 same, 1 adjacent or
    /// relative, more for a clash.
    public var distance: Int
    /// Semitones the incoming track is shifted by; 0 when none.
    public var incomingShift: Int

    init(_ keys: TransitionKeys) {
      (outgoing, outgoingName) = (keys.outgoing.camelot, keys.outgoing.name)
      (incoming, incomingName) = (keys.incoming.camelot, keys.incoming.name)
      (relation, distance) = (keys.relation.name, keys.relation.distance)
      incomingShift = keys.incomingShift
    }
  }

  /// A transition's beat matching: the tempos, the stretch and where the beats met, or why the
  /// crossfade stayed plain.
  public struct BeatMatchEntry: Encodable, Sendable {
    /// True when the beats were matched; false when the crossfade stayed plain (`reason` says why).
    public var matched: Bool
    /// Why the beats were not matched.
    public var reason: String?
    /// The outgoing track's tempo as it plays, in BPM; nil when not matched.
    public var outgoingBPM: Double?
    /// The incoming track's own tempo, in BPM; nil when not matched.
    public var incomingBPM: Double?
    /// The incoming track's length ratio through the overlap.
    public var lengthRatio: Double?
    /// How the incoming track is stretched: "varispeed" or "preserve-pitch"; nil when not matched.
    public var method: String?
    /// Why that stretch method was picked; nil when not matched.
    public var methodReason: String?
    /// The output frame where the incoming track's first downbeat meets the outgoing track's beat.
    public var alignedAt: Int64?
    /// `alignedAt` in seconds from the mix's start.
    public var alignedAtSeconds: Double?
    /// Incoming beats per outgoing beat: 1, 2 or 0.5.
    public var beatsPerBeat: Double?
    /// Bars over which the incoming track returns to its own tempo; nil when it holds the mix tempo.
    public var rampBars: Int?
    /// Source frames the incoming track's start moved to reach its first downbeat.
    public var inPointMoved: Int64?
    /// How far apart the grids put the paired beats in the overlap, at worst, in seconds.
    public var predictedWorstSeconds: Double?

    init(_ outcome: BeatMatchOutcome, sampleRate: Int) {
      switch outcome {
      case .plain(let reason):
        matched = false
        self.reason = reason
      case .matched(let match):
        matched = true
        outgoingBPM = rounded(match.outgoingBPM, 3)
        incomingBPM = rounded(match.incomingBPM, 3)
        lengthRatio = rounded(match.lengthRatio, 8)
        method = match.method.rawValue
        methodReason = match.methodReason
        alignedAt = match.alignedAt
        alignedAtSeconds = rounded(Double(match.alignedAt) / Double(sampleRate), 6)
        beatsPerBeat = match.beatsPerBeat
        rampBars = match.rampBars
        inPointMoved = match.inPointMoved
        predictedWorstSeconds = rounded(match.predictedOffset / Double(sampleRate), 6)
      }
    }
  }
}
