import Composition
import Foundation

/// A whole mix stretched to land exactly on a length (`--fit`): every clip by one length ratio.
public struct FitRequest: Sendable, Equatable {
  /// The length the whole mix lands on, in seconds (to the nearest frame at the mix's rate).
  public var seconds: Double
  /// How to stretch; nil picks by the ratio (`StretchMethod.automatic`).
  public var method: StretchMethod?

  /// Asks for the mix stretched to `seconds`, by `method` or, when nil, by the method its ratio picks.
  public init(seconds: Double, method: StretchMethod? = nil) {
    self.seconds = seconds
    self.method = method
  }

  /// `plan` stretched to this length at its timeline's rate, with a note saying by what and how.
  func apply(to plan: Plan) throws(RenderError) -> Plan {
    let rate = plan.timeline.sampleRate
    let frames = SampleFrames.count(inSeconds: seconds, at: rate)
    let length = plan.timeline.frameCount
    let ratio = Double(frames) / Double(max(1, length))
    let clock = { (frames: Int64) in TimeFormat.clock(frames: frames, sampleRate: rate) }
    guard StretchRequest.ratioRange.contains(ratio) else {
      throw .setting(.ratioOutOfRange(.fit, ratio: ratio, detail: "\(clock(frames)) for a mix of \(clock(length))"))
    }
    let automatic = StretchMethod.automatic(forRatio: ratio)
    let method = self.method ?? automatic.method
    var fitted: Plan
    do { fitted = try plan.stretched(toFrames: frames, method: method) } catch { throw .plan(error) }
    fitted.notes.append(
      "fitted to \(clock(frames)) (\(frames) frames) from \(clock(length)): every clip stretched by length ratio \(String(format: "%.10f", ratio)) "
        + "(speed \(String(format: "%.10f", 1 / ratio))) by \(method.rawValue)" + (self.method == nil ? " (auto: \(automatic.reason))" : "")
        + (plan.timeline.clips.contains { $0.stretch != nil } ? "; entries stretched on their own keep their method, the two ratios multiplied" : ""))
    return fitted
  }
}
