/// A finished render as JSON (`segue render --json`): what was written, the plan it followed, and
/// every automatic decision and warning.
public struct RenderSummaryReport: Encodable, Sendable {
  public var schemaVersion = ReportSchema.renderVersion
  public var output: Output
  /// The parts of the mix's timeline written, in frames; one covering the whole mix unless a range
  /// or previews were asked for.
  public var segments: [Segment]
  public var isWholeMix: Bool
  /// The length FFmpeg decoded from the written file, when `--verify` was given.
  public var verifiedFrames: Int64?
  public var plan: PlanReport
  /// The output's loudness and true peak, when it was metered (`--loudness`, `--true-peak`, `--measure`).
  public var loudness: OutputLoudness?
  /// The rates converted to the mix's, and how (`from`, `to`, `method`).
  public var rateConversions: [RateConversion]
  /// Each beat-matched transition's beat check, as it was played (`BeatAlignment`).
  public var beatAlignments: [Alignment]
  /// How the output was encoded: `segments` on `workers`, or one encoder and the `reason`.
  public var encoding: OutputEncoding?
  public var notes: [String]

  /// A beat-matched transition's beat check: its `from` and `to` track numbers, its `state`
  /// ("aligned", "off" or "not checkable"), the `clearBeats` it was made on, the incoming track's
  /// `medianOffsetSeconds` (negative: early), `worstSeconds`, the `beatsApart` by more than 20 ms,
  /// and `warning` when the beats are off.
  public struct Alignment: Encodable, Sendable {
    public var from: Int
    public var to: Int
    public var state: String
    public var clearBeats: Int
    public var medianOffsetSeconds: Double
    public var worstSeconds: Double
    public var beatsApart: Int
    public var warning: Bool
  }

  /// The written file.
  public struct Output: Encodable, Sendable {
    public var path: String
    public var container: String
    public var codec: String
    public var sampleRate: Int
    public var channels: Int
    public var frames: Int64
    public var seconds: Double
  }

  /// A half-open range of timeline frames.
  public struct Segment: Encodable, Sendable {
    public var start: Int64
    public var end: Int64
  }

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

  public func json() -> String { JSONText.encode(self) }
}
