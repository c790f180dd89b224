import Analysis
import Composition
import FFmpegAudio
import Playlists

/// Decides every track's silence edits and automatic cue points from its facts: pure policy, in
/// frames at the mix's rate, every decision with its reason. Cue times must have been checked
/// (`MixPlanning.checkTimes`); one past the end plays nothing, and planning refuses it.
struct Editing {
  let inputs: [InputSource]
  let facts: [SourceFacts]
  let mix: MixOptions
  let sampleRate: Int

  /// The rules that apply to `input`: its entry's settings over the mix's.
  static func rules(for input: InputSource, mix: MixOptions) -> SilenceRules? {
    SilenceRules(input.options.silence.over(mix.silence))
  }

  /// What `input`'s facts must hold for its edits.
  static func needs(for input: InputSource, mix: MixOptions) -> (thresholds: [Double], analysis: Bool) {
    guard let rules = rules(for: input, mix: mix) else { return ([], false) }
    return (rules.audibleThresholds, rules.autoCue != nil && input.options.cueIsAutomatic)
  }

  /// Each track's edit; nil where none applies.
  func decide() -> [TrackEdit?] {
    inputs.indices.map { index in
      guard let rules = Self.rules(for: inputs[index], mix: mix) else { return nil }
      let edit = edit(index, rules: rules)
      return edit.isEmpty && edit.reasons.isEmpty ? nil : edit
    }
  }

  private func edit(_ index: Int, rules: SilenceRules) -> TrackEdit {
    let options = inputs[index].options
    let length = facts[index].frameCount(at: sampleRate)
    let start = options.inPoint?.frames(at: sampleRate) ?? 0
    // An out point past the end is the planner's to refuse, edited or not.
    let region = start..<max(start, options.outPoint?.frames(at: sampleRate) ?? length)
    var edit = TrackEdit(input: index, region: region, inPoint: region.lowerBound, outPoint: region.upperBound, cuts: [], reasons: [])
    guard !region.isEmpty else { return edit }
    let clock = { (frames: Int64) in TimeFormat.clock(frames: frames, sampleRate: sampleRate) }
    if let cueRules = rules.autoCue, options.cueIsAutomatic, let analysis = facts[index].analysis {
      if let cue = AutoCue(analysis: analysis, rules: cueRules, mixRate: sampleRate) {
        edit.inPoint = cue.cueIn
        edit.outPoint = max(cue.cueIn + 1, cue.cueOut)
        edit.autoCue = cue
        edit.reasons += cue.reasons
      } else {
        edit.reasons.append("no automatic cue points: nothing in it is loud enough to measure")
      }
    }
    if rules.trim { trim(&edit, rules: rules, clock: clock) }
    if let maxPause = rules.maxPause { shortenPauses(&edit, to: maxPause, rules: rules, clock: clock) }
    return edit
  }

  /// Moves the in and out points to the first and last sound above the trim threshold, a margin
  /// outside them.
  private func trim(_ edit: inout TrackEdit, rules: SilenceRules, clock: (Int64) -> String) {
    let level = "\(Self.decibels(rules.trimThresholdDB)) dBFS"
    guard let sounds = sounds(&edit, at: rules.trimThresholdDB, else: "not trimmed"), let first = sounds.first, let last = sounds.last else { return }
    let margin = SampleFrames.count(inSeconds: rules.trimMargin, at: sampleRate)
    let start = max(edit.inPoint, first.lowerBound - margin)
    let end = min(edit.outPoint, last.upperBound + margin)
    if start > edit.inPoint {
      edit.reasons.append("trimmed \(clock(start - edit.inPoint)) of dead air at the start: the first sound above \(level) is at \(clock(first.lowerBound))")
    }
    if end < edit.outPoint {
      edit.reasons.append("trimmed \(clock(edit.outPoint - end)) of dead air at the end: the last sound above \(level) ends at \(clock(last.upperBound))")
    }
    // Where the file's own edges are sound, say how loud they are: room tone over the threshold
    // is easy to tell from a missing flag then.
    let wholeFile = (edit.inPoint, edit.outPoint) == (0, facts[edit.input].frameCount(at: sampleRate))
    if (start, end) == (edit.inPoint, edit.outPoint), wholeFile, let edges = facts[edit.input].audible(at: rules.trimThresholdDB)?.edgeLevelsDB,
      edges.count == 2, edges.allSatisfy({ $0 >= rules.trimThresholdDB })
    {
      edit.reasons.append(
        "not trimmed: its first 10 ms measure \(Decibels.text(edges[0])) dBFS RMS and its last \(Decibels.text(edges[1])) "
          + "(the threshold is \(level) RMS, --trim-threshold)")
    }
    (edit.inPoint, edit.outPoint) = (start, end)
  }

  /// Shortens every pause longer than `maxPause` seconds to exactly that, the silence before the
  /// first sound and after the last to half of it.
  private func shortenPauses(_ edit: inout TrackEdit, to maxPause: Double, rules: SilenceRules, clock: (Int64) -> String) {
    let level = "\(Self.decibels(rules.silenceThresholdDB)) dBFS"
    guard let sounds = sounds(&edit, at: rules.silenceThresholdDB, else: "pauses kept"), let first = sounds.first, let last = sounds.last else {
      return
    }
    let pause = SampleFrames.count(inSeconds: maxPause, at: sampleRate)
    let lengthBefore = edit.outPoint - edit.inPoint
    edit.inPoint = max(edit.inPoint, first.lowerBound - pause / 2)
    edit.outPoint = min(edit.outPoint, last.upperBound + pause - pause / 2)
    let leading = lengthBefore - (edit.outPoint - edit.inPoint)
    let crossfade = SampleFrames.count(inSeconds: PauseCuts.crossfadeSeconds, at: sampleRate)
    edit.cuts = PauseCuts.cuts(between: sounds, maxPause: pause, crossfade: crossfade)
    let skipped = edit.cuts.reduce(Int64(0)) { $0 + Int64($1.skipped.count) }
    edit.reasons.append(
      "shortened \(edit.cuts.count) pause\(edit.cuts.count == 1 ? "" : "s") under \(level) longer than \(clock(pause)) to \(clock(pause)) "
        + "(\(clock(skipped)) saved)" + (leading > 0 ? " and the silence at its ends to \(clock(pause / 2)) (\(clock(leading)) saved)" : ""))
  }

  /// A level as typed: -35, -35.5.
  private static func decibels(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

  /// The sounds of the track between its current in and out points, at `threshold`; nil, with
  /// the reason beginning `otherwise` among the edit's, when its facts lack them or it has none.
  private func sounds(_ edit: inout TrackEdit, at threshold: Double, else otherwise: String) -> [Range<Int64>]? {
    let level = "\(Self.decibels(threshold)) dBFS"
    guard let spans = facts[edit.input].audible(at: threshold) else {
      edit.reasons.append("\(otherwise): its sounds at \(level) were not measured")
      return nil
    }
    let sounds = PauseCuts.sounds(spans, sourceRate: facts[edit.input].info.sampleRate, mixRate: sampleRate, in: edit.inPoint..<edit.outPoint)
    guard !sounds.isEmpty else {
      edit.reasons.append("\(otherwise): nothing in it reaches \(level)")
      return nil
    }
    return sounds
  }
}

extension EntryOptions {
  /// True when the entry leaves its cue points to the audio: it gives neither `in` nor `out`.
  var cueIsAutomatic: Bool { inPoint == nil && outPoint == nil }
}
