/// A finished render as JSON (`segue render --json`): what was written, the plan it followed, and
/// every automatic decision and warning.
public struct RenderSummaryReport: Encodable, Sendable {
  public var schemaVersion = ReportSchema.version
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
  /// How closely each beat-matched transition's kicks met as they were played (`from` and `to`
  /// track numbers, `beats` checked, `worstSeconds`, `medianSeconds`, `warning` over 10 ms).
  public var beatAlignments: [Alignment]
  /// How the output was encoded: `segments` on `workers`, or one encoder and the `reason`.
  public var encoding: OutputEncoding?
  public var notes: [String]

  /// A beat-matched transition's self-check.
  public struct Alignment: Encodable, Sendable {
    public var from: Int
    public var to: Int
    public var beats: Int
    public var worstSeconds: Double
    public var medianSeconds: Double
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
        from: $0.from + 1, to: $0.to + 1, beats: $0.beats, worstSeconds: rounded($0.worstSeconds, 5), medianSeconds: rounded($0.medianSeconds, 5),
        warning: $0.worstSeconds > BeatAlignment.warningSeconds)
    }
    encoding = report.encoding
    notes = report.allNotes
  }

  public func json() -> String { JSONText.encode(self) }
}
