import Composition

extension PlanReport {
  /// A sound laid over the mix, and how deep it ducks what is under it.
  public struct Overlay: Encodable, Sendable {
    /// The path as the user wrote it.
    public var file: String
    /// Its title by the rule every output follows (`TrackName`).
    public var title: String
    /// Its artist by the same rule; nil when none is known.
    public var artist: String?
    /// Where it plays on the timeline and which part of its source.
    public var clip: ClipEntry
    /// How far the tracks under it are lowered; nil when it does not duck them.
    public var duck: DuckEntry?
  }

  /// A piece of a source on the timeline.
  public struct ClipEntry: Encodable, Sendable {
    /// Where the clip starts on the timeline, in sample frames at the mix's rate.
    public var start: Int64
    /// The first timeline frame after it.
    public var end: Int64
    /// The source frame it starts playing from (source frames at the mix's rate).
    public var inPoint: Int64
    /// One past the last source frame it plays.
    public var outPoint: Int64
    /// How long it plays, in timeline frames (after any stretch).
    public var duration: Int64
    /// `start` in seconds.
    public var startSeconds: Double
    /// Where it jumps forward in its source (pauses shortened): the clip frame each crossfade
    /// starts at, the source frame it resumes from, and the crossfade's length.
    public var splices: [SpliceEntry]
    /// How it is stretched, when it is: the frames it plays before the stretch, the length ratio
    /// (its duration over those) and the method.
    public var stretch: StretchEntry?
    /// Bass swaps over its crossfades, in timeline frames.
    public var bassSwaps: [BassSwapEntry] = []
    /// Its constant gain, in dB: levelling, make-up and the entry's own gain together; 0 when unchanged.
    public var gainDB: Double
    /// Semitones its pitch is shifted by (a key shift); nil when it is not.
    public var pitchShift: Int?
    /// Every change of its volume, fades and envelope ramps alike, in order.
    public var ramps: [RampEntry]
  }

  /// A clip's stretch (`Stretch`).
  public struct StretchEntry: Encodable, Sendable {
    /// The source frames the clip plays, before the stretch.
    public var sourceFrames: Int64
    /// The length ratio: the clip's duration over `sourceFrames` (over 1 plays slower).
    public var ratio: Double
    /// "varispeed" (pitch moves with speed) or "preserve-pitch" (Rubber Band keeps the pitch).
    public var method: String
    /// Source frames pinned to clip frames inside the stretch (a beat-matched head's beats).
    public var keyFrames: Int = 0
  }

  /// A bass swap: over `start..<end` the clip's low band (under `crossoverHz`) moves from gain
  /// `from` to `to` between `rampStart` and `rampEnd`; timeline frames.
  public struct BassSwapEntry: Encodable, Sendable {
    /// Where the swap's crossfade starts.
    public var start: Int64
    /// The first frame after that crossfade.
    public var end: Int64
    /// Where the low band's gain starts to move.
    public var rampStart: Int64
    /// Where it has moved: the swap point.
    public var rampEnd: Int64
    /// The low band's gain factor before the ramp: 1 for the outgoing track, 0 for the incoming one.
    public var from: Double
    /// Its gain factor after the ramp: 0 for the outgoing track, 1 for the incoming one.
    public var to: Double
    /// The frequency the low band lies under, in Hz (`LowBandSwap.crossover`).
    public var crossoverHz: Double
  }

  /// A jump forward in a clip's source (`Splice`).
  public struct SpliceEntry: Encodable, Sendable {
    /// Where the crossfade starts, in frames of the clip's own time (0 at its start).
    public var clipFrame: Int64
    /// The source frame it resumes from.
    public var sourceFrame: Int64
    /// How many frames the two sides crossfade over.
    public var length: Int64
  }

  /// A change of volume: a fade or an envelope's ramp, in timeline frames.
  public struct RampEntry: Encodable, Sendable {
    /// The gain factor at the ramp's start (0 silent, 1 unchanged).
    public var from: Double
    /// The gain factor at its end.
    public var to: Double
    /// Where it starts on the timeline.
    public var start: Int64
    /// The first timeline frame after it.
    public var end: Int64
    /// Its shape: "linear", "equal-power", "s-curve", "log" or "exp".
    public var curve: String
  }

  /// What an overlay does to the tracks under it.
  public struct DuckEntry: Encodable, Sendable {
    /// How far the tracks are lowered under the overlay, in dB (negative).
    public var gainDB: Double
    /// Frames of each ramp: down before the overlay starts, back up after it ends.
    public var rampFrames: Int64
  }
}
