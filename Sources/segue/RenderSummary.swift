import Rendering

/// What `segue render` prints when it is done: where the output is and exactly how long.
struct RenderSummary: CustomStringConvertible {
  let report: RenderReport

  var description: String {
    let trackCount = report.timeline.items.count
    let frames = report.outputFrameCount
    var lines = [
      "Rendered \(trackCount) track\(trackCount == 1 ? "" : "s") to \(report.outputPath) "
        + "(\(report.codecName), \(report.layout))",
      "Length: \(TimeFormat.clock(frames: frames, sampleRate: report.layout.sampleRate)) = \(frames) sample frames",
    ]
    if !report.isWholeMix {
      let rate = report.layout.sampleRate
      let parts = report.segments.map { "\(TimeFormat.clock(frames: $0.lowerBound, sampleRate: rate))-\(TimeFormat.clock(frames: $0.upperBound, sampleRate: rate))" }
      lines.append("Part of the mix: \(parts.joined(separator: ", ")) of \(TimeFormat.clock(frames: report.timeline.frameCount, sampleRate: rate))")
    }
    lines += report.allNotes.map { "Note: \($0)" }
    if let verified = report.verifiedFrameCount {
      lines.append("Verified: FFmpeg decodes \(verified) sample frames, as the timeline says")
    }
    return lines.joined(separator: "\n")
  }
}
