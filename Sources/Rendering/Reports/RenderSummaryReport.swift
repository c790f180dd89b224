/// A finished render as JSON (`segue render --json`): what was written, the plan it followed, and
/// every automatic decision and warning.
public struct RenderSummaryReport: Encodable, Sendable {
  /// The version of this JSON shape (`ReportSchema.renderVersion`).
  public var schemaVersion = ReportSchema.renderVersion
  /// The written file: where, in what format, and how long.
  public var output: Output
  /// The parts of the mix's timeline written, in frames; one covering the whole mix unless a range
  /// or previews were asked for.
  public var segments: [Segment]
  /// True when the output is the whole mix, not a range or preview of it.
  public var isWholeMix: Bool
  /// The length FFmpeg decoded from the written file, when `--verify` was given.
  public var verifiedFrames: Int64?
  /// The plan the render followed, with each track's levelling and edits and the chapters embedded.
  public var plan: PlanReport
  /// The output's loudness and true peak, when it was metered (`--loudness`, `--true-peak`, `--measure`).
  public var loudness: OutputLoudness?
  /// The rates converted to the mix's, and how (`from`, `to`, `method`).
  public var rateConversions: [RateConversion]
  /// Each beat-matched transition's beat check, as it was played (`BeatAlignment`).
  public var beatAlignments: [Alignment]
  /// How the output was encoded: `segments` on `workers`, or one encoder and the `reason`.
  public var encoding: OutputEncoding?
  /// Every automatic decision and warning, the plan's then the render's; a warning begins "warning: ".
  public var notes: [String]

  /// A beat-matched transition's beat check: its `from` and `to` track numbers, its `state`
  /// ("aligned", "off" or "not checkable"), the `clearBeats` it was made on, the incoming track's
  /// `medianOffsetSeconds` (negative: early), `worstSeconds`, the `beatsApart` by more than 20 ms,
  /// and `warning` when the beats are off.
  public struct Alignment: Encodable, Sendable {
    /// The outgoing track's number, from 1.
    public var from: Int
    /// The incoming track's number, from 1.
    public var to: Int
    /// "aligned", "off" or "not checkable".
    public var state: String
    /// The beats of the overlap where both tracks have a clear onset, which the check was made on.
    public var clearBeats: Int
    /// The median of the incoming onset minus the outgoing one on those beats, in seconds (negative: early);
    /// 0 when not checkable.
    public var medianOffsetSeconds: Double
    /// The largest distance between a beat's two onsets, in seconds.
    public var worstSeconds: Double
    /// How many of those beats have onsets more than 20 ms apart (`BeatAlignment.flamSeconds`).
    public var beatsApart: Int
    /// True when the beats are off (`state` "off"): the summary warns.
    public var warning: Bool
  }

  /// The written file.
  public struct Output: Encodable, Sendable {
    /// The path written to, as the request gave it.
    public var path: String
    /// FFmpeg's name for the container's muxer: `ipod` for M4A and M4B, else the extension (`flac`, `mp3`).
    public var container: String
    /// FFmpeg's encoder name, for example `flac`, `libmp3lame` or `aac`.
    public var codec: String
    /// The output's sample rate, in Hz.
    public var sampleRate: Int
    /// The output's channel count.
    public var channels: Int
    /// The output's length in sample frames.
    public var frames: Int64
    /// The output's length in seconds.
    public var seconds: Double
  }

  /// A half-open range of timeline frames.
  public struct Segment: Encodable, Sendable {
    /// The segment's first timeline frame.
    public var start: Int64
    /// The first timeline frame after it.
    public var end: Int64
  }

  /// The summary of `report`, its plan described from the mix the render prepared.
  public init(_ report: RenderReport) {
    let layout = report.layout
    output = Output(
      path: report.outputPath, container: report.containerName, codec: report.codecName, sampleRate: layout.sampleRate,
      channels: layout.channelCount, frames: report.outputFrameCount,
      seconds: Double(report.outputFrameCount) / Double(layout.sampleRate))
    segments = report.segments.map { Segment(start: $0.lowerBound, end: $0.upperBound) }
    isWholeMix = report.isWholeMix
    verifiedFrames = report.verifiedFrameCount
    plan = PlanReport(report.mix)
    loudness = report.loudness
    rateConversions = report.rateConversions
    beatAlignments = report.beatAlignments.map {
      Alignment(
        from: $0.from + 1, to: $0.to + 1, state: $0.state.rawValue, clearBeats: $0.clearBeats,
        medianOffsetSeconds: rounded($0.medianOffsetSeconds, 5), worstSeconds: rounded($0.worstSeconds, 5), beatsApart: $0.beatsApart,
        warning: $0.warns)
    }
    encoding = report.encoding
    notes = report.allNotes
  }

  /// The report as pretty-printed JSON with sorted keys.
  public func json() -> String { JSONText.encode(self) }
}
