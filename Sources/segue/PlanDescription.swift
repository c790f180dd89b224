import Composition
import Foundation
import Rendering

/// A plan as people read it (a table) and as programs read it (JSON).
struct PlanDescription {
  let plan: Plan
  let inputs: [InputSource]

  private var rate: Int { plan.timeline.sampleRate }

  private func clock(_ frames: Int64) -> String { TimeFormat.clock(frames: frames, sampleRate: rate) }
  private func seconds(_ frames: Int64) -> String { String(format: "%.3f s", Double(frames) / Double(rate)) }

  /// One row per clip, with its fades and the transition to the next indented below it.
  func table() -> String {
    let timeline = plan.timeline
    var lines = [
      "Plan: \(timeline.clips.count) track\(timeline.clips.count == 1 ? "" : "s") at \(rate) Hz, \(clock(timeline.frameCount)) = \(timeline.frameCount) sample frames",
      "  #  start        end          in           out          gain      track",
    ]
    for (index, clip) in timeline.clips.enumerated() {
      let input = inputs[clip.source]
      let name = input.title.map { "\($0) (\(input.displayName))" } ?? input.displayName
      let gain = String(format: "%+.1f dB", 20 * log10(clip.gain))
      lines.append(
        "\(pad(String(index + 1), 3))  \(pad(clock(clip.start), 11))  \(pad(clock(clip.end), 11))  "
          + "\(pad(clock(clip.inPoint), 11))  \(pad(clock(clip.inPoint + clip.duration), 11))  \(pad(gain, 8))  \(name)")
      for ramp in clip.volumeRamps {
        let kind = ramp.to > ramp.from ? "fade in " : "fade out"
        lines.append("       \(kind) \(seconds(Int64(ramp.range.count))) \(ramp.curve.rawValue), at \(clock(clip.start + ramp.range.lowerBound))")
      }
      if let transition = plan.transitions.first(where: { $0.from == index }) {
        lines.append("       -> \(describe(transition.transition))")
      }
    }
    lines += plan.notes.map { "note: \($0)" }
    return lines.joined(separator: "\n")
  }

  private func describe(_ transition: Transition) -> String {
    switch transition {
    case .gapless: "gapless"
    case .gap(let frames): "gap of \(seconds(frames))"
    case .crossfade(let c):
      "crossfade: out \(seconds(c.outLength)) \(c.outCurve.rawValue), in \(seconds(c.inLength)) \(c.inCurve.rawValue), overlap \(seconds(c.overlap))"
    }
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// The plan as JSON: frames everywhere, seconds alongside for convenience.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(PlanJSON(plan: plan, inputs: inputs)), as: UTF8.self)
  }
}

/// The JSON shape of a plan.
private struct PlanJSON: Encodable {
  struct ClipJSON: Encodable {
    var file: String
    var title: String?
    var start: Int64
    var end: Int64
    var inPoint: Int64
    var duration: Int64
    var startSeconds: Double
    var gainDB: Double
    var ramps: [RampJSON]
  }
  struct RampJSON: Encodable {
    var from: Double
    var to: Double
    var start: Int64
    var end: Int64
    var curve: String
  }
  struct TransitionJSON: Encodable {
    var from: Int
    var to: Int
    var kind: String
    var overlap: Int64?
    var gap: Int64?
    var outLength: Int64?
    var inLength: Int64?
    var outCurve: String?
    var inCurve: String?
  }

  var sampleRate: Int
  var frameCount: Int64
  var seconds: Double
  var clips: [ClipJSON]
  var transitions: [TransitionJSON]
  var notes: [String]

  init(plan: Plan, inputs: [InputSource]) {
    let timeline = plan.timeline
    sampleRate = timeline.sampleRate
    frameCount = timeline.frameCount
    seconds = timeline.seconds
    notes = plan.notes
    clips = timeline.clips.map { clip in
      ClipJSON(
        file: inputs[clip.source].displayName, title: inputs[clip.source].title, start: clip.start, end: clip.end,
        inPoint: clip.inPoint, duration: clip.duration, startSeconds: Double(clip.start) / Double(timeline.sampleRate),
        gainDB: 20 * log10(clip.gain),
        ramps: clip.volumeRamps.map {
          RampJSON(from: $0.from, to: $0.to, start: clip.start + $0.range.lowerBound, end: clip.start + $0.range.upperBound, curve: $0.curve.rawValue)
        })
    }
    transitions = plan.transitions.map { resolved in
      var json = TransitionJSON(from: resolved.from, to: resolved.to, kind: "gapless")
      switch resolved.transition {
      case .gapless: break
      case .gap(let frames):
        json.kind = "gap"
        json.gap = frames
      case .crossfade(let c):
        json.kind = "crossfade"
        json.overlap = c.overlap
        json.outLength = c.outLength
        json.inLength = c.inLength
        json.outCurve = c.outCurve.rawValue
        json.inCurve = c.inCurve.rawValue
      }
      return json
    }
  }
}
