/// Turns a playlist's entries into a timeline: where each clip starts, and its fades.
///
/// Policy (which transition, which curve) is decided here, as a pure function of the entries and
/// the defaults; buffering and mixing know nothing of it. Every automatic choice is explained in
/// `Plan.notes`.
public enum Planner {
  /// Lays `items` out in order on a timeline at `sampleRate`.
  ///
  /// `correlations[i]` is how alike the end of item `i` and the start of item `i + 1` are over
  /// the overlap asked for (from -1 to 1), measured beforehand (`autoCurveJoins`); an `auto` curve
  /// without one fails the plan (never silently a default curve). Every entry and transition is
  /// checked: a plan that fails names all of its problems, a line each. Planning is pure: it
  /// reads nothing but its arguments.
  public static func plan(
    _ items: [PlanItem], defaults: PlanDefaults, sampleRate: Int, correlations: [Int: Double] = [:]
  ) throws(PlanError) -> Plan {
    // Each item's last clip, nil where the item is unsound; a beat-matched item's stretched head
    // comes before it.
    var clips: [Clip?] = []
    var heads: [Int: Clip] = [:]
    var transitions: [ResolvedTransition] = []
    var notes: [String] = []
    var problems: [String] = []
    let seconds = SecondsFormatter(sampleRate: sampleRate)
    let matcher = BeatMatcher(settings: defaults.beatMatching, sampleRate: sampleRate)
    var runs = RunLayout(sampleRate: sampleRate)
    for (index, listed) in items.enumerated() {
      var item = listed
      let touching = index > 0 && touches(transitionRequest(from: items[index - 1], to: item, defaults: defaults), after: items[index - 1], defaults: defaults)
      item.availableFrames = runs.length(of: item, at: index, after: index > 0 ? clips[index - 1] : nil, touching: touching)
      var clip: Clip
      do {
        clip = try makeClip(item, seconds: seconds)
        if index == 0 { clip.start = defaults.leadingSilence }
      } catch {
        problems.append(error.message)
        clips.append(nil)
        continue
      }
      // A transition is checked only between two entries that are sound themselves.
      if index > 0, let previous = clips[index - 1] {
        do throws(PlanError) {
          let labels = (items[index - 1].label, item.label)
          let request = transitionRequest(from: items[index - 1], to: item, defaults: defaults)
          var transition = try resolve(
            request, outgoing: previous, incoming: clip, labels: labels, seconds: seconds, correlation: correlations[index - 1],
            notes: &notes)
          clip.start = start(of: clip, after: previous, transition: transition)
          var outcome: BeatMatchOutcome?
          let matching = items[index - 1].beatMatch ?? defaults.beatMatching.enabled
          if case .crossfade = transition {} else if matching || (items[index - 1].eqSwap ?? defaults.eqSwap) {
            notes.append("\(labels.0) -> \(labels.1): not a crossfade, so beats are not matched and the bass is not swapped")
          }
          if case .crossfade(let crossfade) = transition, matching {
            switch matcher.match(outgoing: previous, outgoingBeat: items[index - 1], incoming: clip, incomingBeat: item, requested: crossfade.overlap,
              roomAfter: index + 1 < items.count ? overlap(of: transitionRequest(from: item, to: items[index + 1], defaults: defaults)) : 0)
            {
            case .placed(let placement):
              outcome = .matched(placement.match)
              let sides = crossfade.outLength == crossfade.inLength ? "" : "; both sides fade over the whole overlap"
              let length =
                placement.overlap == crossfade.overlap
                ? "" : "; the overlap is \(seconds(placement.overlap)), not the \(seconds(crossfade.overlap)) asked, so that the downbeats meet"
              notes.append("\(labels.0) -> \(labels.1): beats matched: \(placement.match.description(sampleRate: sampleRate))\(length)\(sides)")
              transition = .crossfade(
                Crossfade(
                  outLength: placement.overlap, inLength: placement.overlap, outCurve: crossfade.outCurve, inCurve: crossfade.inCurve))
              heads[index] = placement.tail == nil ? nil : placement.head
              clip = placement.tail ?? placement.head
            case .plain(let reason):
              outcome = .plain(reason: reason)
              notes.append("\(labels.0) -> \(labels.1): beats not matched: \(reason); a plain crossfade")
            }
          }
          var outgoing = previous
          var incoming = heads[index] ?? clip
          try applyCrossfade(transition, outgoing: &outgoing, incoming: &incoming, labels: labels)
          if case .crossfade(let crossfade) = transition, items[index - 1].eqSwap ?? defaults.eqSwap {
            let point = swapPoint(overlapping: incoming.start..<outgoing.end, outcome: outcome, sampleRate: sampleRate)
            if let note = swapBass(over: crossfade.overlap, at: point, outgoing: &outgoing, incoming: &incoming, sampleRate: sampleRate) {
              notes.append("\(labels.0) -> \(labels.1): \(note)")
            }
          }
          if heads[index] != nil { heads[index] = incoming } else { clip = incoming }
          clips[index - 1] = outgoing
          transitions.append(ResolvedTransition(from: index - 1, to: index, transition: transition, beatMatch: outcome))
        } catch {
          problems.append(error.message)
        }
      }
      clips.append(clip)
    }
    guard problems.isEmpty else { throw PlanError(message: problems.joined(separator: "\n")) }
    runs.close()
    for (run, members) in runs.runs.enumerated() {
      for (member, index) in members.enumerated() { clips[index]?.resampledRun = RunPlace(run: run, member: member) }
    }
    // A beat-matched track's tail may start after the next track's head (when the next crossfade
    // starts early, on a phrase): clips go in order of start, ties in the items' order.
    let ordered = clips.indices.flatMap { index in [heads[index], clips[index]].compactMap { $0 } }
      .enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    let timeline = Timeline(sampleRate: sampleRate, clips: ordered)
    do { try timeline.validate() } catch { throw PlanError(message: error.description) }
    return Plan(timeline: timeline, transitions: transitions, notes: notes, resampledRuns: runs.runs.map { $0.map { items[$0].source } })
  }

  static func makeClip(_ item: PlanItem, seconds: SecondsFormatter) throws(PlanError) -> Clip {
    let end = item.outPoint ?? item.availableFrames
    if item.inPoint < 0 { throw PlanError(message: "\(item.label): the in point is negative") }
    if end > item.availableFrames {
      throw PlanError(message: "\(item.label): the out point \(seconds(end)) is past the end (\(seconds(item.availableFrames)))")
    }
    if item.inPoint >= end {
      throw PlanError(message: "\(item.label): the in point \(seconds(item.inPoint)) is not before the out point \(seconds(end))")
    }
    var clip = Clip(source: item.source, start: 0, inPoint: item.inPoint, duration: end - item.inPoint, gain: item.gain)
    try checkCuts(item, end: end)
    clip.cut(item.cuts)
    if let stretch = item.stretch {
      guard stretch.frames > 0 else { throw PlanError(message: "\(item.label): a stretch to no frames at all") }
      // What the clip plays, pauses cut included, is what is stretched.
      clip.stretch = Stretch(sourceFrames: clip.duration, method: stretch.method)
      clip.duration = stretch.frames
    }
    for fade in [item.fadeIn, item.fadeOut].compactMap({ $0 }) where fade.length > clip.duration {
      throw PlanError(message: "\(item.label): a fade of \(seconds(fade.length)) is longer than the track (\(seconds(clip.duration)))")
    }
    if let fadeIn = item.fadeIn, let fadeOut = item.fadeOut, fadeIn.length + fadeOut.length > clip.duration {
      throw PlanError(message: "\(item.label): its fade-in and fade-out overlap")
    }
    clip.fadeIn = item.fadeIn
    clip.fadeOut = item.fadeOut
    clip.pitchShift = item.pitchShift
    return clip
  }

  /// Refuses cuts out of order, outside the clip, or whose crossfade does not fit between them.
  private static func checkCuts(_ item: PlanItem, end: Int64) throws(PlanError) {
    var playedFrom = item.inPoint
    for cut in item.cuts {
      // The outgoing side's crossfade plays the first frames of what is skipped, the incoming
      // side's the frames after it.
      guard cut.crossfade >= 0, cut.skipped.count >= cut.crossfade, cut.skipped.lowerBound >= playedFrom,
        cut.skipped.upperBound + cut.crossfade <= end
      else {
        throw PlanError(message: "\(item.label): a cut at source frame \(cut.skipped.lowerBound) does not fit inside the track")
      }
      playedFrom = cut.skipped.upperBound + cut.crossfade
    }
  }

  /// How many frames `request` overlaps two items (none for a gap or a gapless join).
  private static func overlap(of request: TransitionRequest) -> Int64 {
    guard case .crossfade(let outLength, let inLength, _, _, let overlap) = request else { return 0 }
    return overlap ?? max(outLength, inLength)
  }

  /// The joins whose transition asks for an `auto` curve, by the outgoing item's number, and the
  /// overlap each asks for: where `plan` needs a correlation measured.
  public static func autoCurveJoins(_ items: [PlanItem], defaults: PlanDefaults) -> [(index: Int, overlap: Int64)] {
    items.indices.dropLast().compactMap { index in
      let request = transitionRequest(from: items[index], to: items[index + 1], defaults: defaults)
      guard case .crossfade(_, _, let outCurve, let inCurve, _) = request, outCurve.fixed == nil || inCurve.fixed == nil else { return nil }
      return (index, overlap(of: request))
    }
  }

  /// Whether `request` after `outgoing` leaves neither a gap nor an overlap (a crossfade of no
  /// overlap only when its beats are not matched, which may move it).
  private static func touches(_ request: TransitionRequest, after outgoing: PlanItem, defaults: PlanDefaults) -> Bool {
    switch request {
    case .gapless: true
    case .gap(let frames): frames == 0
    case .crossfade: overlap(of: request) == 0 && !(outgoing.beatMatch ?? defaults.beatMatching.enabled)
    }
  }

  /// The transition asked for between two items: the outgoing item's own, or the defaults'.
  private static func transitionRequest(from outgoing: PlanItem, to incoming: PlanItem, defaults: PlanDefaults) -> TransitionRequest {
    if let own = outgoing.transition { return own }
    if defaults.albumAware, let album = outgoing.album, album == incoming.album { return .gapless }
    return defaults.transition
  }

  private static func resolve(
    _ request: TransitionRequest, outgoing: Clip, incoming: Clip, labels: (String, String), seconds: SecondsFormatter,
    correlation: Double?, notes: inout [String]
  ) throws(PlanError) -> Transition {
    switch request {
    case .gapless: return .gapless
    case .gap(let frames): return .gap(frames)
    case .crossfade(let outLength, let inLength, let outCurve, let inCurve, let overlap):
      let crossfade = Crossfade(
        outLength: outLength, inLength: inLength, outCurve: outCurve.fixed ?? .linear, inCurve: inCurve.fixed ?? .linear,
        overlap: overlap)
      guard crossfade.outLength >= 0, crossfade.inLength >= 0, crossfade.overlap >= 0 else {
        throw PlanError(message: "\(labels.0) -> \(labels.1): a crossfade cannot be shorter than nothing")
      }
      // Each side's fade, and the overlap, must fit inside that side's clip.
      let sides = [
        (max(crossfade.outLength, crossfade.overlap), outgoing, labels.0, "into the next track"),
        (max(crossfade.inLength, crossfade.overlap), incoming, labels.1, "from the track before"),
      ]
      for (length, clip, label, direction) in sides where length > clip.duration {
        throw PlanError(
          message: "\(label): the crossfade of \(seconds(length)) \(direction) is longer than the track (\(seconds(clip.duration)))")
      }
      if let warning = TransitionPolicy.fullCrossfadeWarning(crossfade) { notes.append("\(labels.0) -> \(labels.1): \(warning)") }
      guard outCurve.fixed == nil || inCurve.fixed == nil else { return .crossfade(crossfade) }
      guard let r = correlation else {
        throw PlanError(message: "\(labels.0) -> \(labels.1): an auto curve needs the correlation of the two ends, and none was measured")
      }
      let picked = TransitionPolicy.autoCurve(correlation: r)
      notes.append("\(labels.0) -> \(labels.1): auto picked \(picked.curve.rawValue) (\(picked.reason))")
      var resolved = crossfade
      if outCurve.fixed == nil { resolved.outCurve = picked.curve }
      if inCurve.fixed == nil { resolved.inCurve = picked.curve }
      return .crossfade(resolved)
    }
  }

  /// Where `clip` starts after `previous`. Any number of clips may sound at once: a short track
  /// may lie inside the crossfades on either side of it.
  private static func start(of clip: Clip, after previous: Clip, transition: Transition) -> Int64 {
    switch transition {
    case .gapless: previous.end
    case .gap(let frames): previous.end + frames
    case .crossfade(let crossfade): previous.end - crossfade.overlap
    }
  }

  /// Where the bass swaps in the overlap `overlap` (timeline frames): just before the beat-matched
  /// outgoing track's downbeat nearest the middle (so that downbeat's kick is the incoming
  /// track's alone), or at the middle.
  static func swapPoint(overlapping overlap: Range<Int64>, outcome: BeatMatchOutcome?, sampleRate: Int) -> Int64 {
    let middle = overlap.lowerBound + Int64(overlap.count) / 2
    guard case .matched(let match) = outcome else { return middle }
    let bar = 60 * Double(sampleRate) / match.outgoingBPM * Double(BeatGrid.beatsPerBar)
    let bars = ((Double(middle) - Double(match.alignedAt)) / bar).rounded()
    let downbeat = Int64((Double(match.alignedAt) + bars * bar).rounded()) - Int64(sampleRate / 200)
    return overlap.contains(downbeat) && downbeat > overlap.lowerBound ? downbeat : middle
  }

  /// Adds a bass swap at timeline frame `point` over the last `overlap` frames of `outgoing` and
  /// the first of `incoming`; says why not when the outgoing track is too short to hold it beside
  /// its own swap in.
  private static func swapBass(
    over overlap: Int64, at point: Int64, outgoing: inout Clip, incoming: inout Clip, sampleRate: Int
  ) -> String? {
    let out = LowBandSwap(span: (outgoing.duration - overlap)..<outgoing.duration, at: point - outgoing.start, from: 1, to: 0, sampleRate: sampleRate)
    let filtered = out.filtered(within: outgoing.duration)
    guard overlap > 0, !outgoing.lowBandSwaps.contains(where: { $0.filtered(within: outgoing.duration).overlaps(filtered) }) else {
      return "no bass swap: the outgoing track's crossfades come within 90 ms of each other"
    }
    outgoing.lowBandSwaps.append(out)
    incoming.lowBandSwaps.insert(LowBandSwap(span: 0..<overlap, at: point - incoming.start, from: 0, to: 1, sampleRate: sampleRate), at: 0)
    return nil
  }

  /// Sets the crossfade's fades on both clips; a side that has a fade of its own already cannot
  /// take a second one.
  private static func applyCrossfade(
    _ transition: Transition, outgoing: inout Clip, incoming: inout Clip, labels: (String, String)
  ) throws(PlanError) {
    guard case .crossfade(let crossfade) = transition else { return }
    if outgoing.fadeOut != nil {
      throw PlanError(message: "\(labels.0): its fade-out and the crossfade into the next track overlap; give one or the other")
    }
    if incoming.fadeIn != nil {
      throw PlanError(message: "\(labels.1): its fade-in and the crossfade from the track before overlap; give one or the other")
    }
    outgoing.fadeOut = Fade(length: crossfade.outLength, curve: crossfade.outCurve)
    incoming.fadeIn = Fade(length: crossfade.inLength, curve: crossfade.inCurve)
  }
}
