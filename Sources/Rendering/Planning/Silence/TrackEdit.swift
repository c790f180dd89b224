import Composition

/// What silence edits and automatic cues did to one track, in frames at the mix's rate: where
/// it now starts and ends in its source, the pauses cut out of it, and why.
public struct TrackEdit: Sendable, Equatable {
  /// The input's index.
  public var input: Int
  /// The source frames the entry plays without these edits.
  public var region: Range<Int64>
  /// The source frame the track now starts at: where trimming or the automatic cue-in moved it.
  public var inPoint: Int64
  /// The source frame the track now ends at (exclusive): where trimming or the automatic cue-out moved it.
  public var outPoint: Int64
  /// The pauses cut out, in order.
  public var cuts: [SourceCut]
  /// The automatic cue points, with `--auto-cue`.
  var autoCue: AutoCue?
  /// One line per decision, for `plan` and the summary.
  public var reasons: [String]

  /// Frames these edits took out of the track (dead air, pauses, cued-out tails): the track is
  /// exactly this much shorter than it would be without them.
  public var savedFrames: Int64 {
    Int64(region.count) - (outPoint - inPoint) + cuts.reduce(0) { $0 + Int64($1.skipped.count) }
  }

  /// How many frames before its end the audio would start the next track (`--auto-cue`); the
  /// plan's transitions say what was applied.
  public var automaticOverlap: Int64? { autoCue?.overlap }

  /// True when the edits change nothing.
  public var isEmpty: Bool { savedFrames == 0 && autoCue == nil }
}
