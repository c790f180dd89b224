import Analysis
import Composition
import FFmpegAudio
import Foundation

/// The one preparation of a mix, before a sample is mixed: the request checked, its tracks put in
/// order, their facts gathered, key shifts and loudness decided, the mix laid out on its timeline,
/// and the output's encoding decided. `render`, `plan`, both previews and the batch use it alike.
extension Renderer {
  /// A request prepared once and held by everything made from it: the render, its report, its
  /// page and the plan printed.
  struct Prepared {
    /// The request as planned: its tracks in the order they play (harmonic, when asked).
    var request: RenderRequest
    var inputs: InputFacts
    /// The output's format; nil for a plan with no output, laid out as `MixLayoutChoice` decides.
    var format: OutputFormat?
    /// The mix as planned, with how its output is encoded once that is decided.
    var mix: MixPlan
    /// The part of the mix `mix.encoding` was decided for.
    private var encodedSelection: OutputSelection?
    var plan: Plan { mix.plan }

    init(request: RenderRequest, inputs: InputFacts, format: OutputFormat?, mix: MixPlan) {
      (self.request, self.inputs, self.format, self.mix) = (request, inputs, format, mix)
    }

    /// The output's format, which a render needs: refused, as `OutputFormat.resolve` refuses a
    /// path without a known extension, where the request names no output.
    func outputFormat() throws(RenderError) -> OutputFormat {
      guard let format else { throw .output(path: request.outputPath, .unknownFormat("(none)")) }
      return format
    }

    /// How `selection` of the mix is encoded: decided once for each part rendered (a preview's
    /// parts are shorter than the mix), held in the mix and said in its plan's notes.
    mutating func encoding(for selection: OutputSelection) throws(RenderError) -> OutputEncoding {
      if let encoding = mix.encoding, selection == encodedSelection { return encoding }
      let format = try outputFormat()
      let frameSize: Int
      do { frameSize = try AudioFileWriter.frameSize(of: format.settings) } catch {
        throw .output(path: request.outputPath, Renderer.writeFailure(error))
      }
      let encoding = OutputEncoding.decide(format: format, frameSize: frameSize, frameCount: selection.frameCount, request: request)
      if let said = mix.encoding?.note, let index = mix.plan.notes.lastIndex(of: said) { mix.plan.notes.remove(at: index) }
      if let note = encoding.note { mix.plan.notes.append(note) }
      (mix.encoding, encodedSelection) = (encoding, selection)
      return encoding
    }
  }

  /// Prepares `request`, reusing facts its caller gathered already (nil: gather them).
  ///
  /// With an output (a path or `output.format`) the plan is the render's own: at the output's rate
  /// and channels, with its notes, its length guard and its encoding (the path is not checked
  /// beyond its format, and nothing is written); without, at the first track's rate and
  /// channels, or those `output` asks for.
  static func prepare(_ request: RenderRequest, knownFacts: InputFacts? = nil) throws(RenderError) -> Prepared {
    guard !request.inputs.isEmpty else { throw .noInputs }
    do { try request.check() } catch { throw .setting(error) }
    for input in request.inputs + request.overlays.map(\.input) { try checkTimes(of: input) }
    var (request, known) = (request, knownFacts)
    if request.mix.harmonicOrder, request.inputs.count > 2 {
      let facts: InputFacts
      if let known { facts = known } else { facts = try gatherFacts(request) }
      (request, known) = try HarmonicOrdering(request: request, facts: facts).apply()
    }
    let facts: InputFacts
    if let known { facts = known } else { facts = try gatherFacts(request) }
    let tracks = facts.facts.prefix(request.inputs.count)
    let chosen = MixLayoutChoice(
      options: request.output, infos: tracks.map(\.info), lengths: tracks.map { Double($0.frameCount) / Double($0.info.sampleRate) })
    guard !request.outputPath.isEmpty || request.output.format != nil else {
      var mix = try planMix(request, facts: facts, layout: chosen.layout, audiobook: request.output.format == .m4b)
      chosen.record(in: &mix, final: chosen.layout, codec: nil)
      return Prepared(request: request, inputs: facts, format: nil, mix: mix)
    }
    let format = try OutputFormat.resolve(path: request.outputPath, options: request.output, inputs: tracks.map(\.info), chosen: chosen)
    let layout = format.settings.layout
    var mix = try planMix(request, facts: facts, layout: layout, audiobook: format.container == .m4b)
    chosen.record(in: &mix, final: layout, codec: format.codec.displayName)
    mix.plan.notes += format.notes + format.downmixNotes(facts.infos, labels: facts.sources.map(\.label))
    let trackFrames = facts.facts.prefix(request.inputs.count).reduce(Int64(0)) { $0 + $1.frameCount(at: format.settings.layout.sampleRate) }
    // A stretch's length is what was asked for, its ratio checked: never refused as too long.
    try LengthGuard.check(mix.plan, trackFrames: trackFrames, allowLong: request.allowLong || request.stretch != nil)
    var prepared = Prepared(request: request, inputs: facts, format: format, mix: mix)
    let selection = try request.range.map { range throws(RenderError) in try outputSelection(range, of: mix.plan.timeline) }
      ?? .whole(mix.plan.timeline)
    _ = try prepared.encoding(for: selection)
    return prepared
  }

  /// Refuses negative or endless cue and fade times, before anything counts frames with them.
  private static func checkTimes(of input: InputSource) throws(RenderError) {
    let options = input.options
    for (name, value) in [("in", options.inPoint?.seconds), ("out", options.outPoint?.seconds), ("fade-in", options.fadeIn?.seconds), ("fade-out", options.fadeOut?.seconds)] {
      if let value, value < 0 || !value.isFinite { throw .input(input, .badOption("its \(name) time is negative")) }
    }
  }

  /// Levels the tracks' loudness when asked (as they play in `layout`, shifted tracks as they
  /// sound shifted), then plans the mix at its rate: the tracks' items made once, their key
  /// shifts decided on them, the levelling gains applied to them. An `audiobook`'s trimmed chapters
  /// keep a gap between them by default (`ChapterGaps`).
  private static func planMix(_ request: RenderRequest, facts: InputFacts, layout: PCMLayout, audiobook: Bool) throws(RenderError) -> MixPlan {
    let sampleRate = layout.sampleRate
    let loudness = request.mix.loudness
    let edits = Editing(inputs: request.inputs, facts: facts.facts, mix: request.mix, sampleRate: sampleRate).decide()
    let stretch = try request.stretch.map { stretch throws(RenderError) in try stretchPlanning(stretch, request: request, facts: facts, sampleRate: sampleRate) }
    let planning = MixPlanning(
      inputs: request.inputs, overlays: request.overlays, facts: facts.facts, mix: request.mix, sampleRate: sampleRate, edits: edits,
      stretch: stretch, audiobook: audiobook)
    var (items, itemNotes) = try planning.trackItems()
    let (shifts, shiftNotes) = planning.keyShifts(of: items)
    let shifted = try shiftedAnalyses(request, facts: facts, shifts: shifts)
    var trackFacts = Array(facts.facts.prefix(request.inputs.count))
    for (index, measured) in shifted { trackFacts[index].analysis = measured.analysis }
    let levelling = try loudness.targetLUFS.map { target throws(RenderError) in
      try Levelling.decide(inputs: request.inputs, facts: trackFacts, options: loudness, target: target, mix: layout, cache: request.cache)
    }
    for index in items.indices {
      items[index].pitchShift = shifts[index]
      items[index].gain *= Decibels.factor(levelling?.gainDB(ofInput: index) ?? 0)
    }
    var plan = try planning.plan(items)
    plan.notes += itemNotes + shiftNotes
    let levellingNotes = levelling?.notes(labels: request.inputs.map(\.label)) ?? []
    plan.notes += facts.notes + levellingNotes + (stretch?.notes ?? [])
    plan.notes += shifted.keys.sorted().map { index in
      ShiftedAnalysis.note(shifted[index]!, unshifted: facts.facts[index], label: request.inputs[index].label)
    }
    if let fit = request.fit { plan = try fit.apply(to: plan) }
    let keys = zip(facts.sources, facts.facts).map { InputKey(facts: $1, stated: $0.options.key) }
    TransitionKeying(keys: keys, labels: facts.sources.map(\.label), shiftedKeys: shifted.compactMapValues { $0.key?.key }).apply(to: &plan)
    plan.notes += edits.compactMap { $0 }.flatMap { edit in edit.reasons.map { "\(request.inputs[edit.input].label): \($0)" } }
    var mix = MixPlan(plan: plan, sources: facts.sources, levelling: levelling, edits: edits)
    (mix.waveforms, mix.tempos, mix.keys) = (facts.facts.map(\.bands), facts.facts.map(\.tempo), keys)
    mix.settings = request.settingRows
    (mix.trackList, mix.listing) = (TrackList(plan: plan, inputs: facts.sources, infos: facts.infos), request.listing)
    return mix
  }

  /// How the one input of a stretch becomes its target length, the file it must match measured.
  private static func stretchPlanning(
    _ stretch: StretchRequest, request: RenderRequest, facts: InputFacts, sampleRate: Int
  ) throws(RenderError) -> StretchPlanning {
    guard request.inputs.count == 1, request.overlays.isEmpty else { throw .setting(.oneInputOnly(.stretchRatio)) }
    let options = request.inputs[0].options
    let length = facts.facts[0].frameCount(at: sampleRate)
    let inputFrames = min(length, options.outPoint?.frames(at: sampleRate) ?? length) - (options.inPoint?.frames(at: sampleRate) ?? 0)
    var matched: Int64?
    var source = ""
    if case .matching(let path) = stretch.target {
      let target = InputSource(path: path)
      do throws(FFmpegError) {
        if let seconds = try VideoDuration.seconds(of: path) {
          matched = SampleFrames.count(inSeconds: seconds, at: sampleRate)
          source = "the length of \(target.label)'s video, \(seconds) s"
        }
      } catch {
        throw .input(target, InputCheck.problem(for: error))
      }
      if matched == nil {
        matched = try InputFacts.gather([target], needs: FactsNeeds(), cache: request.cache).facts[0].frameCount(at: sampleRate)
        source = "the length of \(target.label)'s audio (it has no video)"
      }
    }
    var planning = try StretchPlanning(stretch, inputFrames: inputFrames, matchedFrames: matched, sampleRate: sampleRate)
    if !source.isEmpty { planning.notes.append("matched \(source), to the nearest frame") }
    return planning
  }

  /// The analysis of each track the plan shifts (by its `pitch` or `--key-shift auto`), of its
  /// shifted audio, where levelling or a known key needs it.
  private static func shiftedAnalyses(_ request: RenderRequest, facts: InputFacts, shifts: [Int]) throws(RenderError) -> [Int: ShiftedAnalysis] {
    var measured: [Int: ShiftedAnalysis] = [:]
    for (index, shift) in shifts.enumerated() where shift != 0 {
      let known = InputKey(facts: facts.facts[index], stated: request.inputs[index].options.key)
      let needed = request.mix.loudness.targetLUFS != nil || (known.origin == .analysis && known.key != nil)
      guard needed, let analysis = try ShiftedAnalysis.measure(request.inputs[index], facts: facts.facts[index], semitones: shift, cache: request.cache)
      else { continue }
      measured[index] = analysis
    }
    return measured
  }

  /// The facts of the request's inputs and overlays, through its cache, each input decoded at most
  /// once: with the analysis pass when levelling or automatic cues need it (levelling only for the
  /// tracks without gain tags, when gains come from tags), the audible spans silence edits read,
  /// and the tempos and keys beat matching reads.
  static func gatherFacts(_ request: RenderRequest) throws(RenderError) -> InputFacts {
    let loudness = request.mix.loudness
    let sources = request.inputs + request.overlays.map(\.input)
    let edges = MixPlanning.needsEdges(inputs: request.inputs, mix: request.mix)
    let silence = request.inputs.map { Editing.needs(for: $0, mix: request.mix) }
    let thresholds = Set(silence.flatMap(\.thresholds)).sorted()
    let analysesAll = (loudness.needsAnalysis && loudness.gainSource == .analysis) || silence.contains { $0.analysis } || request.mix.harmonicOrder
    let needs = FactsNeeds(
      edges: edges, analysis: analysesAll, audibleThresholds: thresholds, tempo: request.mix.needsTempo(request.inputs) || request.mix.harmonicOrder,
      bands: request.reportPath != nil, key: request.mix.needsKeys(request.inputs))
    let analysesUntagged = loudness.needsAnalysis && !analysesAll
    let tracks = request.inputs.count
    return try InputFacts.gather(sources, needing: { index, info in
      guard analysesUntagged, index < tracks, TaggedLoudness(tags: info.tags) == nil else { return needs }
      var untagged = needs
      untagged.analysis = true
      return untagged
    }, cache: request.cache)
  }

  /// The frames `range` covers, refusing ranges outside the mix.
  static func outputSelection(_ range: TimeRange, of timeline: Timeline) throws(RenderError) -> OutputSelection {
    let start = SampleFrames.count(inSeconds: range.from ?? 0, at: timeline.sampleRate)
    let end = min(timeline.frameCount, range.to.map { SampleFrames.count(inSeconds: $0, at: timeline.sampleRate) } ?? timeline.frameCount)
    let length = TimeFormat.clock(frames: timeline.frameCount, sampleRate: timeline.sampleRate)
    guard start < timeline.frameCount else {
      throw .setting(.pastEnd(.from, at: TimeFormat.clock(frames: start, sampleRate: timeline.sampleRate), length: length))
    }
    guard start < end else { throw .setting(.notAfter(.from, .to)) }
    return OutputSelection(segments: [start..<end])
  }

  /// Plans a mix without rendering it: the timeline `render` would follow, with the inputs
  /// (tracks, then overlays) its clips name, as `prepare` makes it.
  public static func plan(_ request: RenderRequest) throws(RenderError) -> MixPlan {
    try prepare(request).mix
  }
}
