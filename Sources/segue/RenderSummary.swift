import Rendering

/// What `segue render` prints when it is done: where the output is and exactly how long.
struct RenderSummary: CustomStringConvertible {
  let report: RenderReport

  var description: String {
    let frames = report.outputFrameCount
    var lines = [
      "Rendered \(contents) to \(destination) (\(report.codecName), \(report.layout))",
      "Length: \(TimeFormat.clock(frames: frames, sampleRate: report.layout.sampleRate)) = \(frames) sample frames",
    ]
    if report.mix.formatWasDecided, let format = report.mix.formatReason { lines.append("Format: \(format)") }
    if !report.isWholeMix {
      let rate = report.layout.sampleRate
      let parts = report.segments.map { "\(TimeFormat.clock(frames: $0.lowerBound, sampleRate: rate))-\(TimeFormat.clock(frames: $0.upperBound, sampleRate: rate))" }
      lines.append("Part of the mix: \(parts.joined(separator: ", ")) of \(TimeFormat.clock(frames: report.timeline.frameCount, sampleRate: rate))")
    }
    let plan = RenderSummaryReport(report).plan
    if plan.savedFrames > 0 { lines.append(plan.savedTime) }
    lines += report.rateConversions.map { "Rate conversion: \($0)" }
    let keys = plan.transitions.compactMap { join in join.key.map { "\(join.from) -> \(join.to): \(PlanReport.describe($0))" } }
    if !keys.isEmpty { lines.append("Keys: " + keys.joined(separator: "; ")) }
    lines += report.allNotes.map { "Note: \($0)" }
    if let verified = report.verifiedFrameCount {
      lines.append("Verified: FFmpeg decodes \(verified) sample frames, as the timeline says")
    }
    if let page = report.reportPath { lines.append("Report: \(page)") }
    return lines.joined(separator: "\n")
  }

  /// Where the output went: its path, or standard output.
  private var destination: String { report.outputPath == "-" ? "standard output" : report.outputPath }

  /// What the output holds: `4 tracks`, `part of the mix (tracks 3-4 of 10)`, `3 parts of the mix`.
  private var contents: String {
    let count = report.timeline.items.count
    if report.isWholeMix { return "\(count) track\(count == 1 ? "" : "s")" }
    guard let tracks = report.trackList?.tracks, let first = tracks.first, let last = tracks.last else {
      return "\(report.segments.count) parts of the mix"
    }
    let numbers = first.number == last.number ? "track \(first.number)" : "tracks \(first.number)-\(last.number)"
    return "part of the mix (\(numbers) of \(count))"
  }
}
