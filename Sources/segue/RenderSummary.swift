import Rendering

/// What `segue render` prints when it is done: where the output is and exactly how long.
struct RenderSummary: CustomStringConvertible {
  let report: RenderReport
  let trackCount: Int

  var description: String {
    let frames = report.timeline.frameCount
    var lines = [
      "Rendered \(trackCount) track\(trackCount == 1 ? "" : "s") to \(report.outputPath) "
        + "(\(report.codecName), \(report.layout))",
      "Length: \(TimeFormat.clock(frames: frames, sampleRate: report.layout.sampleRate)) = \(frames) sample frames",
    ]
    if let verified = report.verifiedFrameCount {
      lines.append("Verified: FFmpeg decodes \(verified) sample frames, as the timeline says")
    }
    return lines.joined(separator: "\n")
  }
}

/// Formats sample positions as clock times.
enum TimeFormat {
  /// `1:02:03.456` or `2:03.456`, rounded to the millisecond.
  static func clock(frames: Int64, sampleRate: Int) -> String {
    let milliseconds = (frames * 1000 + Int64(sampleRate / 2)) / Int64(sampleRate)
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds / 60_000 % 60
    let seconds = milliseconds / 1000 % 60
    let fraction = milliseconds % 1000
    let tail = "\(pad(seconds, 2)).\(pad(fraction, 3))"
    return hours > 0 ? "\(hours):\(pad(minutes, 2)):\(tail)" : "\(minutes):\(tail)"
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
