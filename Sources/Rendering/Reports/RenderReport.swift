import Analysis
import Composition
import FFmpegAudio

/// What a finished render produced.
public struct RenderReport: Sendable {
  /// The path the output was written to, as the request gave it (`RenderRequest.outputPath`).
  public var outputPath: String
  /// The mix as prepared and encoded: the plan (where each input landed, in sample frames at the
  /// output's rate, and the transitions between them), the inputs, levelling, edits and encoding.
  public var mix: MixPlan
  /// The parts of the timeline written, in order (all of it, unless a range or preview was asked).
  public var segments: [Range<Int64>]
  /// The output's length in sample frames.
  public var outputFrameCount: Int64
  /// The output's sample rate and channel count.
  public var layout: PCMLayout
  /// FFmpeg's names for the encoder and the container.
  public var codecName: String
  /// FFmpeg's name for the container's muxer: `ipod` for M4A and M4B, else the extension (`flac`, `mp3`).
  public var containerName: String
  /// The length FFmpeg decodes from the written file, when the render was verified.
  public var verifiedFrameCount: Int64?
  /// The tracks as listeners see them (for renders of the whole mix).
  public var trackList: TrackList?
  /// The output's loudness and true peak, when it was metered.
  public var loudness: OutputLoudness?
  /// The rates converted to the mix's, and how.
  public var rateConversions: [RateConversion] = []
  /// How closely each beat-matched transition's kicks met, measured as they were played.
  public var beatAlignments: [BeatAlignment] = []
  /// What the user should know about writing the output that is not an error.
  public var notes: [String] = []
  /// Where the mix's HTML page was written (`RenderRequest.reportPath`).
  public var reportPath: String?
  /// The output's loudness as it went, when it was measured.
  public var loudnessOverTime: LoudnessOverTime?
  /// Where the peak guard's limiter turned the mix down, on the timeline.
  public var limitedSpans: [Range<Int64>] = []
  /// The ceiling the peak guard held the mix under; nil with `--peak-policy none`.
  public var peakCeiling: PeakCeiling?
}

extension RenderReport {
  /// The mix as planned.
  public var plan: Plan { mix.plan }
  /// The planned timeline: every clip, in sample frames at the mix's rate.
  public var timeline: Timeline { plan.timeline }
  /// True when the output is the whole mix, not a range or preview of it.
  public var isWholeMix: Bool { OutputSelection(segments: segments).isWhole(of: timeline) }
  /// The files the plan's clips name: the tracks, then the overlays.
  public var inputs: [InputSource] { mix.sources }
  /// The tracks' loudness levelling, when it was asked for.
  public var levelling: Levelling? { mix.levelling }
  /// Each track's silence edits and automatic cues, nil where none applied.
  public var edits: [TrackEdit?] { mix.edits }
  /// How the output was encoded: in segments on workers, or by one encoder, and why.
  public var encoding: OutputEncoding? { mix.encoding }

  /// Every automatic decision and warning: the plan's (curves chosen, cache trouble), then the
  /// render's.
  public var allNotes: [String] { plan.notes + notes }

  /// The notes that ask for the user's attention, each also among `allNotes`: an encoder's
  /// overshoot of the ceiling, a levelled span the bus or the encoder moved, a join whose beats
  /// are off, a killed render's leftover removed. Each begins with `warningPrefix`.
  public var warnings: [String] { allNotes.filter { $0.hasPrefix(Self.warningPrefix) } }

  /// How a note that is a warning begins.
  public static let warningPrefix = "warning: "
}
