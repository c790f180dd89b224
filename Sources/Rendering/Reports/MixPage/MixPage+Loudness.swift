import Foundation

extension MixPage {
  /// The loudest and quietest levels the loudness lane shows, in LUFS (and dBTP for the ceiling).
  static let loudnessScale = -48.0...0.0
  /// The most points a loudness curve is drawn with: an hour in steps of about a second.
  static let curvePoints = 3_600

  /// After a render: the output's momentary and short-term loudness, the loudness target and the
  /// peak ceiling as lines, and where the limiter acted; empty for a plan or a part of the mix.
  func loudnessLane() -> String {
    guard let render = rendered, render.isWholeMix, let curve = render.loudnessOverTime, !curve.momentary.isEmpty else { return "" }
    let seconds = Double(report.frameCount) / Double(report.sampleRate)
    let momentary = Self.polyline(curve.momentary, stepSeconds: curve.stepSeconds, seconds: seconds, keep: { $0.max() })
    let shortTerm = Self.polyline(curve.shortTerm, stepSeconds: curve.stepSeconds, seconds: seconds, keep: { $0.last })
    var lines: [String] = []
    if let target = report.targetLUFS {
      lines.append(Self.level(target, label: "target \(Decibels.text(target)) LUFS", kind: "target"))
    }
    if let ceiling = render.peakCeiling {
      lines.append(Self.level(ceiling.decibels, label: "ceiling \(ceiling.description)", kind: "ceiling"))
    }
    let limited = render.limitedSpans.map { span in
      "<div class=\"limited\" style=\"left:\(position(span.lowerBound));width:\(width(span.lowerBound, span.upperBound))\""
        + " title=\"the limiter acted, \(TimeFormat.clock(frames: span.lowerBound, sampleRate: report.sampleRate)) to \(TimeFormat.clock(frames: span.upperBound, sampleRate: report.sampleRate))\"></div>"
    }
    return "<div class=\"lane loudness\" id=\"loudness\" aria-label=\"output loudness\">"
      + "<svg viewBox=\"0 0 1000 100\" preserveAspectRatio=\"none\"><polyline class=\"momentary\" points=\"\(momentary)\"/>"
      + "<polyline class=\"short-term\" points=\"\(shortTerm)\"/></svg>" + lines.joined() + limited.joined()
      + "<span class=\"legend\">loudness: momentary, <b>short-term</b> (\(Int(Self.loudnessScale.lowerBound)) to 0 LUFS)</span></div>"
  }

  /// A horizontal line at `level` across the lane.
  private static func level(_ level: Double, label: String, kind: String) -> String {
    "<div class=\"level \(kind)\" style=\"top:\(String(format: "%.2f", y(level)))%\"><span>\(MarkupText.escaped(label))</span></div>"
  }

  /// Where `level` lies down the lane, in percent.
  private static func y(_ level: Double) -> Double {
    let clamped = min(loudnessScale.upperBound, max(loudnessScale.lowerBound, level))
    return 100 * (loudnessScale.upperBound - clamped) / (loudnessScale.upperBound - loudnessScale.lowerBound)
  }

  /// The values as SVG points across 1000 units, at most `curvePoints` of them, each keeping
  /// what `keep` takes of the values it stands for; silence sits at the bottom.
  private static func polyline(_ values: [Double?], stepSeconds: Double, seconds: Double, keep: ([Double]) -> Double?) -> String {
    let per = max(1, (values.count + curvePoints - 1) / curvePoints)
    return stride(from: 0, to: values.count, by: per).map { first in
      let bucket = values[first..<min(values.count, first + per)].map { $0 ?? loudnessScale.lowerBound }
      let time = Double(first + bucket.count) * stepSeconds
      return "\(f(1000 * min(time, seconds) / max(seconds, 1e-9))),\(f(y(keep(bucket) ?? loudnessScale.lowerBound)))"
    }.joined(separator: " ")
  }
}
