/// Turns a playlist's entries into a timeline: where each clip starts, and its fades.
///
/// Policy (which transition, which curve) is decided here, as a pure function of the entries and
/// the defaults; buffering and mixing know nothing of it. Every automatic choice is explained in
/// `Plan.notes`.
public enum Planner {
  /// Lays `items` out in order on a timeline at `sampleRate`.
  ///
  /// `correlation(i, overlap)` measures how alike the end of item `i` and the start of item `i + 1`
  /// are over `overlap` frames (from -1 to 1); it is asked only for `auto` curves.
  public static func plan(
    _ items: [PlanItem], defaults: PlanDefaults, sampleRate: Int,
    correlation: (Int, Int64) -> Double = { _, _ in 0 }
  ) throws(PlanError) -> Plan {
    var clips: [Clip] = []
    var transitions: [ResolvedTransition] = []
    var notes: [String] = []
    let seconds = SecondsFormatter(sampleRate: sampleRate)
    for (index, item) in items.enumerated() {
      var clip = try makeClip(item, seconds: seconds)
      if let previous = clips.last {
        let request = transitionRequest(from: items[index - 1], to: item, defaults: defaults)
        let transition = try resolve(
          request, outgoing: previous, incoming: clip, labels: (items[index - 1].label, item.label),
          seconds: seconds, correlation: { correlation(index - 1, $0) }, notes: &notes)
        clip.start = try start(of: clip, after: clips, transition: transition, label: item.label, seconds: seconds)
        try applyCrossfade(transition, outgoing: &clips[clips.count - 1], incoming: &clip, label: item.label)
        transitions.append(ResolvedTransition(from: index - 1, to: index, transition: transition))
      }
      clips.append(clip)
    }
    let timeline = Timeline(sampleRate: sampleRate, clips: clips)
    do { try timeline.validate() } catch { throw PlanError(message: error.description) }
    return Plan(timeline: timeline, transitions: transitions, notes: notes)
  }

  private static func makeClip(_ item: PlanItem, seconds: SecondsFormatter) throws(PlanError) -> Clip {
    let end = item.outPoint ?? item.availableFrames
    if item.inPoint < 0 { throw PlanError(message: "\(item.label): the in point is negative") }
    if end > item.availableFrames {
      throw PlanError(message: "\(item.label): the out point \(seconds(end)) is past the end (\(seconds(item.availableFrames)))")
    }
    if item.inPoint >= end {
      throw PlanError(message: "\(item.label): the in point \(seconds(item.inPoint)) is not before the out point \(seconds(end))")
    }
    var clip = Clip(source: item.source, start: 0, inPoint: item.inPoint, duration: end - item.inPoint, gain: item.gain)
    for fade in [item.fadeIn.map { (0, 1, $0) }, item.fadeOut.map { (1, 0, $0) }].compactMap({ $0 }) {
      guard fade.2.length <= clip.duration else {
        throw PlanError(message: "\(item.label): a fade of \(seconds(fade.2.length)) is longer than the track (\(seconds(clip.duration)))")
      }
      let range = fade.0 == 0 ? 0..<fade.2.length : (clip.duration - fade.2.length)..<clip.duration
      do { try clip.envelope.setVolumeRamp(from: Double(fade.0), to: Double(fade.1), over: range, curve: fade.2.curve) } catch {
        throw PlanError(message: "\(item.label): its fade-in and fade-out overlap")
      }
    }
    return clip
  }

  /// The transition asked for between two items: the outgoing item's own, or the defaults'.
  private static func transitionRequest(from outgoing: PlanItem, to incoming: PlanItem, defaults: PlanDefaults) -> TransitionRequest {
    if let own = outgoing.transition { return own }
    if defaults.albumAware, let album = outgoing.album, album == incoming.album { return .gapless }
    return defaults.transition
  }

  private static func resolve(
    _ request: TransitionRequest, outgoing: Clip, incoming: Clip, labels: (String, String), seconds: SecondsFormatter,
    correlation: (Int64) -> Double, notes: inout [String]
  ) throws(PlanError) -> Transition {
    switch request {
    case .gapless: return .gapless
    case .gap(let frames): return .gap(frames)
    case .crossfade(let outLength, let inLength, let outCurve, let inCurve, let overlap):
      let crossfade = Crossfade(
        outLength: outLength, inLength: inLength, outCurve: outCurve.fixed ?? .linear, inCurve: inCurve.fixed ?? .linear,
        overlap: overlap)
      // Each side's fade, and the overlap, must fit inside that side's clip.
      let sides = [
        (max(crossfade.outLength, crossfade.overlap), outgoing, labels.0),
        (max(crossfade.inLength, crossfade.overlap), incoming, labels.1),
      ]
      for (length, clip, label) in sides where length > clip.duration {
        throw PlanError(
          message: "\(labels.1): the crossfade of \(seconds(length)) is longer than \(label) (\(seconds(clip.duration)))")
      }
      guard outCurve.fixed == nil || inCurve.fixed == nil else { return .crossfade(crossfade) }
      let r = correlation(crossfade.overlap)
      let picked = TransitionPolicy.autoCurve(correlation: r)
      notes.append("\(labels.0) -> \(labels.1): auto picked \(picked.curve.rawValue) (\(picked.reason))")
      var resolved = crossfade
      if outCurve.fixed == nil { resolved.outCurve = picked.curve }
      if inCurve.fixed == nil { resolved.inCurve = picked.curve }
      return .crossfade(resolved)
    }
  }

  /// Where `clip` starts after the clips placed so far; no three clips may sound at once.
  private static func start(of clip: Clip, after clips: [Clip], transition: Transition, label: String, seconds: SecondsFormatter) throws(PlanError) -> Int64 {
    let previousEnd = clips.last!.end
    let start =
      switch transition {
      case .gapless: previousEnd
      case .gap(let frames): previousEnd + frames
      case .crossfade(let crossfade): previousEnd - crossfade.overlap
      }
    if clips.count >= 2, start < clips[clips.count - 2].end {
      throw PlanError(message: "\(label): its crossfade reaches back into the track before the previous one; shorten the crossfades")
    }
    return start
  }

  private static func applyCrossfade(_ transition: Transition, outgoing: inout Clip, incoming: inout Clip, label: String) throws(PlanError) {
    guard case .crossfade(let crossfade) = transition else { return }
    do {
      try outgoing.envelope.setVolumeRamp(
        from: 1, to: 0, over: (outgoing.duration - crossfade.outLength)..<outgoing.duration, curve: crossfade.outCurve)
      try incoming.envelope.setVolumeRamp(from: 0, to: 1, over: 0..<crossfade.inLength, curve: crossfade.inCurve)
    } catch {
      throw PlanError(message: "\(label): its crossfade overlaps a fade-in or fade-out of the same track")
    }
  }
}
