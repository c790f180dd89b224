import Analysis
import Composition
import FFmpegAudio
import Foundation

/// Renders inputs into one file: planned on a timeline, decoded, mixed, encoded in a single pass.
///
/// The top level reads like FFmpeg's transcoding example: check the inputs, plan, check the
/// output, open the encoder, stream, flush, move the file into place, verify.
public enum Renderer {
  /// Renders `request`; nothing is left at the output path unless this returns.
  ///
  /// `progress` is called on the encoding thread, at most five times a second and once at the end.
  public static func render(
    _ request: RenderRequest, cancellation: RenderCancellation = RenderCancellation(),
    progress: (@Sendable (RenderProgress) -> Void)? = nil
  ) throws(RenderError) -> RenderReport {
    try render(request, knownFacts: nil, cancellation: cancellation, progress: progress)
  }

  /// Renders `request`, reusing facts its caller gathered already (nil: gather them).
  static func render(
    _ request: RenderRequest, knownFacts: InputFacts?, cancellation: RenderCancellation,
    progress: (@Sendable (RenderProgress) -> Void)? = nil
  ) throws(RenderError) -> RenderReport {
    // The output's problems are reported with the inputs', all at once, before anything is read.
    var request = request
    // The page and the picture show the output's loudness as it goes: the meters `--measure` turns on.
    if request.reportPath != nil || request.picturePath != nil { request.mix.loudness.measure = true }
    if request.writesToStandardOutput, let problem = streamingProblem(request) { throw problem }
    let outputProblem =
      request.writesToStandardOutput
      ? nil
      : StagedOutputFile.problem(
        targetPath: request.outputPath, overwrite: request.overwrite, inputs: request.inputs + request.overlays.map(\.input))
    let prepared: Prepared
    do {
      let facts: InputFacts?
      (request, facts) = try harmonicallyOrdered(request, knownFacts: knownFacts)
      prepared = try prepare(request, knownFacts: facts)
    } catch {
      guard let outputProblem else { throw error }
      // A folder has no format: a word on its missing extension would only mislead.
      let parts = outputProblem.isFolderOutput ? error.parts.filter { !$0.isOutputProblem } : error.parts
      throw .several(parts + [outputProblem])
    }
    if let outputProblem { throw outputProblem }
    if request.mix.loudness.writeReplayGain, let problem = OutputReplayGain.problem(prepared.format.container) { throw problem }
    let timeline = prepared.plan.timeline
    let selection = try request.range.map { range throws(RenderError) in try outputSelection(range, of: timeline) }
      ?? OutputSelection.whole(timeline)
    return try render(prepared, selection: selection, request: request, cancellation: cancellation, progress: progress)
  }

  /// A request checked and planned: its inputs' facts, the output format and the plan.
  struct Prepared {
    var plan: Plan
    var inputs: InputFacts
    var format: OutputFormat
    var levelling: Levelling? = nil
    var edits: [TrackEdit?] = []
  }

  /// `request` with its tracks in harmonic order and their facts, when it asks for that order;
  /// otherwise as it is, with the facts given.
  static func harmonicallyOrdered(_ request: RenderRequest, knownFacts: InputFacts?) throws(RenderError) -> (RenderRequest, InputFacts?) {
    guard request.mix.harmonicOrder, request.inputs.count > 2 else { return (request, knownFacts) }
    do { try request.check() } catch { throw .setting(error) }
    let facts: InputFacts
    if let knownFacts { facts = knownFacts } else { facts = try gatherFacts(request) }
    return try HarmonicOrdering(request: request, facts: facts).apply()
  }

  /// Gathers the inputs' facts, resolves the output format and plans the mix.
  static func prepare(_ request: RenderRequest, knownFacts: InputFacts? = nil) throws(RenderError) -> Prepared {
    guard !request.inputs.isEmpty else { throw .noInputs }
    do { try request.check() } catch { throw .setting(error) }
    let inputs: InputFacts
    if let knownFacts { inputs = knownFacts } else { inputs = try gatherFacts(request) }
    let format = try OutputFormat.resolve(
      path: request.outputPath, options: request.output, inputs: Array(inputs.infos.prefix(request.inputs.count)))
    var mix = try planMix(request, facts: inputs, layout: format.settings.layout)
    mix.plan.notes += format.notes + format.downmixNotes(inputs.infos, labels: inputs.sources.map(\.label))
    let trackFrames = inputs.facts.prefix(request.inputs.count).reduce(Int64(0)) { $0 + $1.frameCount(at: format.settings.layout.sampleRate) }
    // A stretch's length is what was asked for, its ratio checked: never refused as too long.
    try LengthGuard.check(mix.plan, trackFrames: trackFrames, allowLong: request.allowLong || request.stretch != nil)
    return Prepared(plan: mix.plan, inputs: inputs, format: format, levelling: mix.levelling, edits: mix.edits)
  }

  /// Levels the tracks' loudness when asked (as they play in `layout`, shifted tracks as they
  /// sound shifted), then plans the mix at its rate.
  private static func planMix(_ request: RenderRequest, facts: InputFacts, layout: PCMLayout) throws(RenderError) -> MixPlan {
    let sampleRate = layout.sampleRate
    let loudness = request.mix.loudness
    // Cue and fade times are checked before anything counts frames with them.
    for input in request.inputs { try MixPlanning.checkTimes(of: input) }
    let edits = Editing(inputs: request.inputs, facts: facts.facts, mix: request.mix, sampleRate: sampleRate).decide()
    let stretch = try request.stretch.map { stretch throws(RenderError) in try stretchPlanning(stretch, request: request, facts: facts, sampleRate: sampleRate) }
    var planning = MixPlanning(
      inputs: request.inputs, overlays: request.overlays, facts: facts.facts, mix: request.mix, sampleRate: sampleRate, edits: edits,
      stretch: stretch)
    let shifted = try shiftedAnalyses(request, facts: facts, planning: planning)
    var trackFacts = Array(facts.facts.prefix(request.inputs.count))
    for (index, measured) in shifted { trackFacts[index].analysis = measured.analysis }
    let levelling = try loudness.targetLUFS.map { target throws(RenderError) in
      try Levelling.decide(inputs: request.inputs, facts: trackFacts, options: loudness, target: target, mix: layout, cache: request.cache)
    }
    planning.levelling = levelling
    var plan = try planning.plan()
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
    (mix.waveforms, mix.tempos) = (facts.facts.map(\.bands), facts.facts.map(\.tempo))
    mix.settings = request.settingRows
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
      do {
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
  private static func shiftedAnalyses(
    _ request: RenderRequest, facts: InputFacts, planning: MixPlanning
  ) throws(RenderError) -> [Int: ShiftedAnalysis] {
    let (shifts, _) = planning.keyShifts(of: try planning.trackItems().items)
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
  private static func outputSelection(_ range: TimeRange, of timeline: Timeline) throws(RenderError) -> OutputSelection {
    let start = SampleFrames.count(inSeconds: range.from ?? 0, at: timeline.sampleRate)
    let end = min(timeline.frameCount, range.to.map { SampleFrames.count(inSeconds: $0, at: timeline.sampleRate) } ?? timeline.frameCount)
    let length = TimeFormat.clock(frames: timeline.frameCount, sampleRate: timeline.sampleRate)
    guard start < timeline.frameCount else {
      throw .setting(.pastEnd(.from, at: TimeFormat.clock(frames: start, sampleRate: timeline.sampleRate), length: length))
    }
    guard start < end else { throw .setting(.notAfter(.from, .to)) }
    return OutputSelection(segments: [start..<end])
  }

  /// Renders `selection` of a prepared request into `request.outputPath`.
  static func render(
    _ prepared: Prepared, selection: OutputSelection, request: RenderRequest, cancellation: RenderCancellation,
    progress: (@Sendable (RenderProgress) -> Void)? = nil
  ) throws(RenderError) -> RenderReport {
    let (facts, format) = (prepared.inputs, prepared.format)
    var plan = prepared.plan
    let streaming = request.writesToStandardOutput
    let output = streaming ? nil : try StagedOutputFile(targetPath: request.outputPath, overwrite: request.overwrite, inputs: request.inputs)
    defer { output?.discard() }
    let (inputs, infos) = (facts.sources, facts.infos)
    let trackList = Self.trackList(of: selection, plan: plan, inputs: inputs, infos: infos)
    let sideFiles = try SideFiles(listing: request.listing, overwrite: request.overwrite, describesTracks: trackList != nil)
    for side in [request.reportPath, request.picturePath].compactMap({ $0 }) {
      if let problem = StagedOutputFile.problem(targetPath: side, overwrite: request.overwrite, inputs: request.inputs) { throw problem }
    }
    let metadata = try trackList.map { list throws(RenderError) in
      try ListingWriter.metadata(list, listing: request.listing, playlist: request.playlistTags, outputPath: request.outputPath,
        containerName: format.containerName, firstInput: inputs[0])
    } ?? (request.partTitles.isEmpty ? nil : ContainerMetadata(chapters: selection.chapters(titled: request.partTitles)))

    let writer: AudioFileWriter
    do {
      writer = try AudioFileWriter(
        path: output?.stagingPath ?? AudioFileWriter.standardOutput, containerName: format.containerName, settings: format.settings,
        metadata: format.filedAsItsKind(metadata ?? ContainerMetadata()))
    } catch {
      throw .output(path: request.outputPath, .writeFailed(detail: Self.detail(of: error)))
    }
    let streamer = TimelineStreamer(
      timeline: plan.timeline, inputs: inputs, facts: facts.facts, resampledRuns: plan.resampledRuns,
      format: writer.inputFormat, resampling: format.resampling,
      cancellation: cancellation, segments: selection.segments, pauseFrames: selection.pauseFrames,
      makeBus: request.makeBus ?? standardBus(request, selection: selection, sampleRate: format.settings.layout.sampleRate),
      playedOverlaps: PlayedOverlaps(plan: plan))
    let decodedMeter = try Self.decodedMeter(for: writer, request: request, format: format)
    let meter = ProgressMeter(timeline: plan.timeline, selection: selection, inputs: inputs, report: progress)
    let encoding = OutputEncoding.decide(format: format, frameSize: writer.inputFormat.frameSize, frameCount: selection.frameCount, request: request)
    let segments = try encoding.overlap.map { overlap throws(RenderError) in
      do { try writer.beginSegments() } catch { throw .output(path: request.outputPath, .writeFailed(detail: Self.detail(of: error))) }
      return SegmentedEncoding(writer: writer, overlap: overlap, workers: encoding.workers)
    }
    let outcome = try encode(from: streamer, into: writer, segments: segments, meter: meter, outputPath: request.outputPath)
    if cancellation.isCancelled { throw .cancelled }
    var notes = outcome.notes
    // How the output is encoded is part of the plan, as `plan` reports it.
    if let note = encoding.note { plan.notes.append(note) }
    if let adjusted = writer.mp3JoinAdjustments, let note = encoding.reservoirNote(joinsMoved: adjusted.joinsMoved, framesEnlarged: adjusted.framesEnlarged) {
      notes.append(note)
    }
    let alignments = streamer.playedOverlaps?.alignments() ?? []
    let label = { (item: Int) in inputs[plan.timeline.items[item].source].label }
    notes += alignments.map { $0.description(labels: (label($0.from), label($0.to))) }
    let decoded: ProgrammeLoudness?
    do { decoded = try decodedMeter?.finish(length: writer.framesWritten).get() } catch {
      throw Self.undecodableOutput(request, error)
    }
    let loudness = outcome.output.map { measured in
      OutputLoudness(
        measured: measured, decoded: decoded, format: format, ceiling: request.mix.loudness.guardCeiling,
        spans: selection.isWhole(of: plan.timeline) ? prepared.levelling.map { LevelledSpan.spans(of: plan, levelling: $0, inputs: inputs) } ?? [] : [],
        notes: &notes)
    }
    if request.mix.loudness.writeReplayGain, let loudness, let staging = output?.stagingPath {
      notes.append(try OutputReplayGain.tag(staging, outputPath: request.outputPath, loudness: loudness))
    }
    try output?.commit()
    if let trackList {
      try sideFiles.write(trackList, listing: request.listing, playlist: request.playlistTags, outputPath: request.outputPath)
    }

    notes += (output?.removedStaleFiles ?? []).map { "removed \($0), left in the folder by an interrupted render" }
    if streaming, let lost = format.container.lostWhenStreamed { notes.append("on standard output, \(lost)") }
    if metadata?.coverArt != nil && !AudioFileWriter.takesCoverArt(containerName: format.containerName) {
      notes.append("the cover picture was left out: FFmpeg cannot put one in .\(format.container.rawValue) output")
    }
    var report = RenderReport(
      outputPath: request.outputPath, plan: plan, segments: selection.segments, outputFrameCount: selection.frameCount,
      layout: format.settings.layout, codecName: format.settings.codecName, containerName: format.containerName,
      trackList: trackList, inputs: inputs, levelling: prepared.levelling, edits: prepared.edits, loudness: loudness,
      rateConversions: RateConversion.needed(sourceRates: infos.map(\.sampleRate), mixRate: format.settings.layout.sampleRate, quality: format.resampling),
      notes: notes)
    report.encoding = encoding
    report.beatAlignments = alignments
    report.loudnessOverTime = outcome.output.map { LoudnessOverTime($0, sampleRate: format.settings.layout.sampleRate) }
    report.limitedSpans = outcome.limited
    report.peakCeiling = request.mix.loudness.guardCeiling
    (report.waveforms, report.tempos) = (facts.facts.map(\.bands), facts.facts.map(\.tempo))
    report.settings = request.settingRows
    if request.verify {
      let decoded = try countDecodedFrames(path: request.outputPath)
      guard decoded == selection.frameCount else {
        throw .verificationFailed(path: request.outputPath, expected: selection.frameCount, decoded: decoded)
      }
      report.verifiedFrameCount = decoded
    }
    if let page = request.reportPath {
      try MixPage(report).write(to: page, overwrite: request.overwrite)
      report.reportPath = page
    }
    if let picture = request.picturePath { try TextFile.write(TimelinePicture(report).svg(), to: picture) }
    return report
  }

  /// The meter of the written stream decoded again, for a lossy output whose loudness is measured.
  private static func decodedMeter(
    for writer: AudioFileWriter, request: RenderRequest, format: OutputFormat
  ) throws(RenderError) -> DecodedOutputMeter? {
    guard request.mix.loudness.metersOutput, !format.codec.isLossless else { return nil }
    do { return try DecodedOutputMeter(writer) } catch { throw undecodableOutput(request, error) }
  }

  /// The error for written audio that cannot be decoded again to be measured.
  private static func undecodableOutput(_ request: RenderRequest, _ error: any Error) -> RenderError {
    .output(path: request.outputPath, .writeFailed(detail: "cannot decode the written audio to measure it: \(detail(of: error))"))
  }

  /// Why `request` cannot be written to standard output: its format cannot stream (MP4 writes its
  /// index last), or it asks for a check that needs the written file.
  private static func streamingProblem(_ request: RenderRequest) -> RenderError? {
    if request.verify { return .setting(.needsFile(.verify)) }
    if request.mix.loudness.writeReplayGain { return .setting(.needsFile(.writeReplayGain)) }
    guard let name = request.output.format, let container = OutputContainer(rawValue: name.lowercased()) else {
      return .setting(.streamNeedsFormat)
    }
    guard container.canStream else {
      return .setting(.notOffered(.format, value: container.rawValue, within: "on standard output, which cannot be sought in", offered: ["wav", "flac", "mp3", "ogg", "opus"]))
    }
    return nil
  }

  /// The tracks the output holds: all of them for the whole mix, those inside it (cut and shifted)
  /// for one range; none for previews of several parts.
  private static func trackList(
    of selection: OutputSelection, plan: Plan, inputs: [InputSource], infos: [AudioStreamInfo]
  ) -> TrackList? {
    guard selection.segments.count == 1 else { return nil }
    let whole = TrackList(plan: plan, inputs: inputs, infos: infos)
    return selection.isWhole(of: plan.timeline) ? whole : whole.sliced(to: selection.segments[0])
  }

  /// The standard bus for `request` (`BusChain.standard`), with edge fades on each part of
  /// `selection` when the request asks for them.
  private static func standardBus(
    _ request: RenderRequest, selection: OutputSelection, sampleRate: Int
  ) -> @Sendable (EncoderInputFormat) -> BusChain {
    let fadeFrames = request.edgeFade.flatMap { $0 > 0 ? max(1, SampleFrames.count(inSeconds: $0, at: sampleRate)) : nil }
    return { [loudness = request.mix.loudness, segments = selection.segments] format in
      BusChain.standard(loudness: loudness, format: format, segments: segments, edgeFadeFrames: fadeFrames)
    }
  }

  /// Plans a mix without rendering it: the timeline `render` would follow, with the inputs
  /// (tracks, then overlays) its clips name. With an output (a path or `output.format`) it is the
  /// render's own: at the output's rate and channels, with its notes and its length guard (the
  /// path is not checked beyond its format, and nothing is written); without, at the first
  /// track's rate and channels, or those `output` asks for.
  public static func plan(_ request: RenderRequest) throws(RenderError) -> MixPlan {
    guard !request.inputs.isEmpty else { throw .noInputs }
    do { try request.check() } catch { throw .setting(error) }
    let (request, known) = try harmonicallyOrdered(request, knownFacts: nil)
    guard request.outputPath.isEmpty, request.output.format == nil else {
      let prepared = try prepare(request, knownFacts: known)
      var plan = prepared.plan
      let frameCount = try request.range.map { range throws(RenderError) in try outputSelection(range, of: plan.timeline).frameCount }
        ?? plan.timeline.frameCount
      let frameSize: Int
      do { frameSize = try AudioFileWriter.frameSize(of: prepared.format.settings) } catch {
        throw .output(path: request.outputPath, .writeFailed(detail: Self.detail(of: error)))
      }
      let encoding = OutputEncoding.decide(format: prepared.format, frameSize: frameSize, frameCount: frameCount, request: request)
      if let note = encoding.note { plan.notes.append(note) }
      var mix = MixPlan(plan: plan, sources: prepared.inputs.sources, levelling: prepared.levelling, edits: prepared.edits, encoding: encoding)
      (mix.waveforms, mix.tempos) = (prepared.inputs.facts.map(\.bands), prepared.inputs.facts.map(\.tempo))
      mix.settings = request.settingRows
      return mix
    }
    let inputs: InputFacts
    if let known { inputs = known } else { inputs = try gatherFacts(request) }
    let first = inputs.facts[0].info
    let layout = PCMLayout(sampleRate: request.output.sampleRate ?? first.sampleRate, channelCount: request.output.channelCount ?? first.channelCount)
    return try planMix(request, facts: inputs, layout: layout)
  }
}
