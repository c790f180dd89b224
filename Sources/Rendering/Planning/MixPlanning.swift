import Composition
import FFmpegAudio
import Foundation
import Playlists

/// Turns inputs, their playlist options, overlays and the mix options into a plan, at the mix's rate.
///
/// This is where seconds become sample frames; from here on everything counts frames. It reads
/// the inputs' facts only: it decodes nothing itself (but for an `auto` curve measured outside the
/// edges the facts keep, which it says in a note).
struct MixPlanning {
  let inputs: [InputSource]
  let overlays: [OverlayInput]
  let facts: [SourceFacts]
  let mix: MixOptions
  let sampleRate: Int
  /// Each track's silence edits and automatic cues, where any apply.
  var edits: [TrackEdit?] = []
  /// The stretch of the one input, when one is asked for.
  var stretch: StretchPlanning? = nil
  /// True when the output is an audiobook (`.m4b`), whose trimmed chapters keep a gap by default.
  var audiobook = false

  /// True when some transition asks for an `auto` curve, so the inputs' edges are needed.
  static func needsEdges(inputs: [InputSource], mix: MixOptions) -> Bool {
    func isAuto(_ spec: TransitionSpec?) -> Bool {
      guard case .crossfade(let crossfade) = spec else { return false }
      return crossfade.outCurve == .auto || crossfade.inCurve == .auto
    }
    return (mix.curve == .auto && (mix.crossfade ?? 0) > 0) || inputs.contains { isAuto($0.options.transition) }
  }

  /// Which of `sources` (tracks, then any overlays) play their whole file uncut: no cue point of
  /// their own, no silence edit.
  private static func playsWhole(_ sources: [InputSource], edits: [TrackEdit?]) -> [Bool] {
    sources.indices.map { index in
      sources[index].options.cueIsAutomatic && (index < edits.count ? edits[index]?.isEmpty ?? true : true)
    }
  }

  /// Each track's key shift (`KeyShifting`) over `items`, with a note for each automatic one.
  func keyShifts(of items: [PlanItem]) -> (shifts: [Int], notes: [String]) {
    let shifting = KeyShifting(
      keys: inputs.indices.map { InputKey(facts: facts[$0], stated: inputs[$0].options.key) }, labels: inputs.map(\.label),
      stated: inputs.map(\.options.pitch), settings: mix.keyShift)
    let transition = defaults().transition
    return shifting.decide(items) { index in
      if case .crossfade = items[index - 1].transition ?? transition { return true }
      return false
    }
  }

  /// The tracks' plan items, stretched and with their transitions, before any key shift or
  /// levelling gain; the notes made on the way.
  func trackItems() throws(RenderError) -> (items: [PlanItem], notes: [String]) {
    var items: [PlanItem] = []
    var notes: [String] = []
    let tempo = mix.needsTempo(inputs)
    let playsWhole = Self.playsWhole(inputs, edits: edits)
    for (index, input) in inputs.enumerated() {
      var item = try item(index, input: input, length: facts[index].frameCount(at: sampleRate), withBeat: tempo)
      let info = facts[index].info
      if playsWhole[index], info.sampleRate != sampleRate {
        item.resampledSource = ResampledSource(frames: facts[index].frameCount, sampleRate: info.sampleRate)
      }
      if let spec = input.options.stretch, let note = try stretch(&item, as: spec, input: input) { notes.append(note) }
      if case .crossfade(let spec) = input.options.transition, spec.beats != nil {
        item.transition = try countedCrossfade(spec, after: item, input: input, notes: &notes)
      }
      items.append(item)
    }
    if mix.crossfade != nil || mix.crossfadeBeats != nil {
      if edits.contains(where: { $0?.autoCue != nil }) {
        notes.append("--auto-cue places each track's cue points; the crossfade given sets every overlap's length")
      }
    } else {
      for index in items.indices {
        if let note = automaticTransition(&items, after: index) { notes.append(note) }
      }
    }
    if tempo {
      notes += inputs.indices.compactMap { index in
        beat(ofInput: index).note.map { "\(inputs[index].label): \($0)" }
      }
    }
    if let beats = mix.crossfadeBeats {
      for index in items.indices.dropLast() where items[index].transition == nil {
        if mix.albumAware, let album = items[index].album, album == items[index + 1].album { continue }
        let spec = CrossfadeSpec.counted(beats, curve: mix.curve)
        items[index].transition = try countedCrossfade(spec, after: items[index], input: inputs[index], notes: &notes)
      }
    }
    notes += ChapterGaps(inputs: inputs, facts: facts, edits: edits, mix: mix, sampleRate: sampleRate, audiobook: audiobook).apply(to: &items)
    return (items, notes)
  }

  /// Plans `items` (`trackItems`, with their key shifts and gains), with the correlations their
  /// `auto` curves need measured first, then lays the overlays over them.
  func plan(_ items: [PlanItem]) throws(RenderError) -> Plan {
    let overlays = try overlayItems()
    let defaults = defaults()
    var correlations: [Int: Double] = [:]
    var correlationNotes: [String] = []
    for join in Planner.autoCurveJoins(items, defaults: defaults) where join.overlap >= 0 {
      let measured = try EndCorrelation.measure(
        outgoing: items[join.index], incoming: items[join.index + 1], inputs: inputs, facts: facts, overlap: join.overlap,
        sampleRate: sampleRate)
      correlations[join.index] = measured.correlation
      if let note = measured.note { correlationNotes.append(note) }
    }
    do {
      var plan = try Planner.plan(items, defaults: defaults, sampleRate: sampleRate, correlations: correlations)
      plan = try Planner.place(overlays, on: plan)
      plan.notes += correlationNotes
      return plan
    } catch {
      throw .plan(error)
    }
  }

  /// The plan item of input `index`, with its beat grid when `withBeat`.
  private func item(_ index: Int, input: InputSource, length: Int64, withBeat: Bool) throws(RenderError) -> PlanItem {
    let options = input.options
    var item = PlanItem(
      source: index, availableFrames: length, inPoint: options.inPoint?.frames(at: sampleRate) ?? 0, outPoint: options.outPoint?.frames(at: sampleRate),
      gain: gain(options), fadeIn: fade(options.fadeIn),
      fadeOut: fade(options.fadeOut), album: input.album ?? facts[index].info.tags["album"], label: input.label)
    if withBeat {
      let beat = beat(ofInput: index)
      (item.beat, item.beatConfidence, item.beatDoubt) = (beatGrid(index), beat.confidence, beat.doubt)
    }
    if index == 0, let stretch {
      item.inPoint += stretch.trimmed
      item.stretch = (stretch.frames, stretch.method)
    }
    if let edit = edit(index) { (item.inPoint, item.outPoint, item.cuts) = (edit.inPoint, edit.outPoint, edit.cuts) }
    item.beatMatch = options.beatMatch
    item.eqSwap = options.eqSwap
    // A crossfade counted in beats is worked out once the item's own stretch is known (`plan`).
    if case .crossfade(let spec) = options.transition, spec.beats != nil {} else { item.transition = options.transition.map(request) }
    return item
  }

  /// A crossfade counted in beats of the outgoing `item`, in frames at its tempo as it plays (its
  /// own stretch counted), and a note saying so; an error when its tempo is unknown.
  private func countedCrossfade(
    _ spec: CrossfadeSpec, after item: PlanItem, input: InputSource, notes: inout [String]
  ) throws(RenderError) -> TransitionRequest {
    guard let grid = item.beat, let beats = spec.beats else {
      throw .input(input, .badOption("its crossfade is counted in beats, but no steady tempo was found in it; give the entry a 'bpm'"))
    }
    let ratio = item.stretch.map { Double($0.frames) / Double(max(1, item.playedFrames)) } ?? 1
    let length = Int64((beats * grid.framesPerBeat * ratio).rounded())
    let bpm = 60 * Double(sampleRate) / (grid.framesPerBeat * ratio)
    let counted = beats.truncatingRemainder(dividingBy: 4) == 0 ? "\(Int(beats / 4)) bars" : "\(String(format: "%g", beats)) beats"
    var unsure = item.beatConfidence < BeatGrid.sureConfidence ? String(format: " (its beat grid is unsure: confidence %.2f)", item.beatConfidence) : ""
    if unsure.isEmpty, let doubt = item.beatDoubt { unsure = " (its tempo is in doubt: \(doubt))" }
    notes.append("\(input.label): a crossfade of \(counted) asks for \(TimeFormat.clock(frames: length, sampleRate: sampleRate)) at \(String(format: "%.2f", bpm)) BPM\(unsure)")
    return .crossfade(outLength: length, inLength: length, outCurve: spec.outCurve, inCurve: spec.inCurve, overlap: length)
  }

  /// The beat of input `index`: the analysis', counted in its tempo range, under what its entry
  /// states.
  private func beat(ofInput index: Int) -> InputBeat {
    InputBeat(facts: facts[index], stated: inputs[index].options.beat, tempoRange: inputs[index].tempoRange(chosen: mix.tempoRange))
  }

  /// The grid of input `index` (`beat(ofInput:)`) in source frames at the mix's rate.
  private func beatGrid(_ index: Int) -> BeatGrid? {
    guard var grid = beat(ofInput: index).grid else { return nil }
    let scale = Double(sampleRate) / Double(facts[index].info.sampleRate)
    grid.framesPerBeat *= scale
    grid.firstBeat *= scale
    return grid
  }

  /// Stretches `item` as its entry asks (a speed, a length or a tempo), and says how; nil when it
  /// asks for none (a method alone is for `--fit`), or plays nothing (which planning refuses).
  private func stretch(_ item: inout PlanItem, as spec: StretchSpec, input: InputSource) throws(RenderError) -> String? {
    let played = item.playedFrames
    guard spec.speed != nil || spec.length != nil || spec.tempo != nil, played > 0 else { return nil }
    var speed = spec.speed ?? 1
    if let tempo = spec.tempo {
      guard let grid = item.beat else {
        throw .input(input, .badOption("its 'tempo' needs its own, but no steady tempo was found in it; give the entry a 'bpm'"))
      }
      // The analysis counts tempos from 78 to 156 BPM: a target an octave away means the same beat.
      let own = grid.beatsPerMinute(sampleRate: sampleRate)
      speed = [own / 2, own, own * 2].map { tempo / $0 }.min { abs(log2($0)) < abs(log2($1)) }!
    }
    let target = spec.length.map { frames($0)! } ?? Int64((Double(played) / speed).rounded())
    let ratio = Double(target) / Double(played)
    guard StretchRequest.ratioRange.contains(ratio) else {
      throw .input(input, .badOption("its stretch needs a length ratio of \(String(format: "%.4f", ratio)); Segue stretches by 0.5 to 2.0"))
    }
    let automatic = StretchMethod.automatic(forRatio: ratio)
    let method = spec.method ?? automatic.method
    item.stretch = (target, method)
    let tempo = spec.tempo.map { String(format: " to %.2f BPM from %.2f", $0, $0 / speed) } ?? ""

    return "\(input.label): stretched\(tempo) by length ratio \(String(format: "%.10f", ratio)) (speed \(String(format: "%.10f", 1 / ratio))) by \(method.rawValue)"
      + (spec.method == nil ? " (auto: \(automatic.reason))" : "")
  }

  private func edit(_ index: Int) -> TrackEdit? { index < edits.count ? edits[index] : nil }

  /// Sets the transition the audio chose (`--auto-cue`, with no crossfade given) from the track at
  /// `index` into the next, no longer than either plays (stretches counted), and says what was
  /// done; nil where the track has no automatic cue or no next track. The entry's own transition
  /// or fades, and an album kept gapless, win over it.
  private func automaticTransition(_ items: inout [PlanItem], after index: Int) -> String? {
    guard index + 1 < items.count, let cue = edit(index)?.autoCue else { return nil }
    let label = inputs[index].label
    let (outgoing, incoming) = (items[index], items[index + 1])
    if outgoing.transition != nil || outgoing.fadeOut != nil || incoming.fadeIn != nil {
      return "\(label): its own transition or fades stand; the audio's overlap is not used"
    }
    if mix.albumAware, let album = outgoing.album, album == incoming.album {
      return "\(label): the next track is of the same album and stays gapless (--album-aware); the audio's overlap is not used"
    }
    let timeline = { (item: PlanItem) in item.stretch?.frames ?? item.playedFrames }
    let ratio = Double(timeline(outgoing)) / Double(max(1, outgoing.playedFrames))
    let wanted = Int64((Double(cue.overlap) * ratio).rounded())
    let overlap = min(wanted, timeline(outgoing), timeline(incoming))
    items[index].transition = .crossfade(
      outLength: overlap, inLength: min(overlap, frames(PauseCuts.crossfadeSeconds)!), outCurve: mix.curve, inCurve: .fixed(.equalPower),
      overlap: overlap)
    let shortened = overlap < wanted ? "; shortened to \(TimeFormat.clock(frames: overlap, sampleRate: sampleRate)), as long as a track plays" : ""
    return "\(label): \(cue.overlapReason)\(shortened)"
  }

  private func overlayItems() throws(RenderError) -> [OverlayItem] {
    try overlays.enumerated().map { offset, overlay throws(RenderError) in
      let source = inputs.count + offset
      let options = overlay.input.options
      let anchor: OverlayItem.Anchor =
        switch overlay.position {
        case .time(let seconds): .timeline(frames(seconds)!)
        case .input(let input, let offset): .item(input, offset: frames(offset)!)
        }
      return OverlayItem(
        source: source, availableFrames: facts[source].frameCount(at: sampleRate), inPoint: options.inPoint?.frames(at: sampleRate) ?? 0,
        outPoint: options.outPoint?.frames(at: sampleRate), anchor: anchor, gain: gain(options), fadeIn: fade(options.fadeIn),
        fadeOut: fade(options.fadeOut),
        duck: overlay.duckDB.map { (gain: Decibels.factor($0), rampLength: frames(overlay.duckRampSeconds)!) }, label: overlay.input.label)
    }
  }

  private func defaults() -> PlanDefaults {
    let transition: TransitionSpec =
      if let gap = mix.gap, gap > 0 { .gap(seconds: gap) }
      else if let crossfade = mix.crossfade, crossfade > 0 { .crossfade(.symmetric(crossfade, curve: mix.curve)) }
      else { .gapless }
    var defaults = PlanDefaults(transition: request(transition), albumAware: mix.albumAware)
    defaults.leadingSilence = stretch?.leadingSilence ?? 0
    defaults.beatMatching = mix.beatMatching
    defaults.eqSwap = mix.eqSwap
    // Automatic cue points start transitions on phrases: 16 beats from the first downbeat.
    if mix.silence.autoCue == true, defaults.beatMatching.phraseBeats == nil { defaults.beatMatching.phraseBeats = 16 }
    return defaults
  }

  private func request(_ spec: TransitionSpec) -> TransitionRequest {
    switch spec {
    case .gapless: .gapless
    case .gap(let seconds): .gap(frames(seconds)!)
    case .crossfade(let crossfade):
      .crossfade(
        outLength: frames(crossfade.outSeconds)!, inLength: frames(crossfade.inSeconds)!, outCurve: crossfade.outCurve,
        inCurve: crossfade.inCurve, overlap: frames(crossfade.overlapSeconds))
    }
  }

  /// The entry's gain as a factor (1 when it gives none).
  private func gain(_ options: EntryOptions) -> Double { options.gainDB.map(Decibels.factor) ?? 1 }

  private func fade(_ spec: FadeSpec?) -> Fade? { spec.map { Fade(length: frames($0.seconds)!, curve: $0.curve) } }

  /// Seconds to the nearest frame at the mix's rate.
  private func frames(_ seconds: Double?) -> Int64? {
    seconds.map { SampleFrames.count(inSeconds: $0, at: sampleRate) }
  }
}
