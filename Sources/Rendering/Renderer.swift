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
    if request.writesToStandardOutput, let problem = streamingProblem(request) { throw problem }
    let outputProblem =
      request.writesToStandardOutput
      ? nil
      : StagedOutputFile.problem(
        targetPath: request.outputPath, overwrite: request.overwrite, inputs: request.inputs + request.overlays.map(\.input))
    let prepared: Prepared
    do { prepared = try prepare(request, knownFacts: knownFacts) } catch {
      throw outputProblem.map { .several(error.parts + [$0]) } ?? error
    }
    if let outputProblem { throw outputProblem }
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
  }

  /// Gathers the inputs' facts, resolves the output format and plans the mix.
  static func prepare(_ request: RenderRequest, knownFacts: InputFacts? = nil) throws(RenderError) -> Prepared {
    guard !request.inputs.isEmpty else { throw .options("nothing to render: no input files") }
    let inputs: InputFacts
    if let knownFacts { inputs = knownFacts } else { inputs = try gatherFacts(request) }
    let format = try OutputFormat.resolve(
      path: request.outputPath, options: request.output, inputs: Array(inputs.infos.prefix(request.inputs.count)))
    var plan = try MixPlanning(
      inputs: request.inputs, overlays: request.overlays, facts: inputs.facts, mix: request.mix,
      sampleRate: format.settings.layout.sampleRate
    ).plan()
    plan.notes += inputs.notes + format.notes
    let trackFrames = inputs.facts.prefix(request.inputs.count).reduce(Int64(0)) { $0 + $1.frameCount(at: format.settings.layout.sampleRate) }
    try LengthGuard.check(plan, trackFrames: trackFrames, allowLong: request.allowLong)
    return Prepared(plan: plan, inputs: inputs, format: format)
  }

  /// The facts of the request's inputs and overlays, through its cache.
  static func gatherFacts(_ request: RenderRequest) throws(RenderError) -> InputFacts {
    try InputFacts.gather(
      request.inputs + request.overlays.map(\.input),
      needs: FactsNeeds(edges: MixPlanning.needsEdges(inputs: request.inputs, mix: request.mix)), cache: request.cache)
  }

  /// Renders `selection` of a prepared request.
  static func render(
    _ prepared: Prepared, selection: OutputSelection, request: RenderRequest, cancellation: RenderCancellation,
    progress: (@Sendable (RenderProgress) -> Void)? = nil
  ) throws(RenderError) -> RenderReport {
    try render(
      prepared.plan, selection: selection, inputs: prepared.inputs, format: prepared.format,
      request: request, cancellation: cancellation, progress: progress)
  }

  /// The frames `range` covers, refusing ranges outside the mix.
  private static func outputSelection(_ range: TimeRange, of timeline: Timeline) throws(RenderError) -> OutputSelection {
    let rate = Double(timeline.sampleRate)
    let start = Int64(((range.from ?? 0) * rate).rounded())
    let end = min(timeline.frameCount, range.to.map { Int64(($0 * rate).rounded()) } ?? timeline.frameCount)
    let length = TimeFormat.clock(frames: timeline.frameCount, sampleRate: timeline.sampleRate)
    guard start < timeline.frameCount else {
      throw .options("--from \(TimeFormat.clock(frames: start, sampleRate: timeline.sampleRate)) is past the end of the mix (\(length))")
    }
    guard start < end else { throw .options("--to must come after --from") }
    return OutputSelection(segments: [start..<end])
  }

  /// Renders a planned timeline of probed inputs into `request.outputPath`.
  static func render(
    _ plan: Plan, selection: OutputSelection, inputs facts: InputFacts, format: OutputFormat,
    request: RenderRequest, cancellation: RenderCancellation, progress: (@Sendable (RenderProgress) -> Void)?
  ) throws(RenderError) -> RenderReport {
    let streaming = request.writesToStandardOutput
    let output = streaming ? nil : try StagedOutputFile(targetPath: request.outputPath, overwrite: request.overwrite, inputs: request.inputs)
    defer { output?.discard() }
    let (inputs, infos) = (facts.sources, facts.infos)
    let trackList = Self.trackList(of: selection, plan: plan, inputs: inputs, infos: infos)
    let sideFiles = try SideFiles(listing: request.listing, overwrite: request.overwrite, describesTracks: trackList != nil)
    let metadata = try trackList.map { list throws(RenderError) in
      try ListingWriter.metadata(list, listing: request.listing, playlist: request.playlistTags, outputPath: request.outputPath,
        containerName: format.containerName, firstInput: inputs[0])
    } ?? (request.partTitles.isEmpty ? nil : ContainerMetadata(chapters: selection.chapters(titled: request.partTitles)))

    let writer: AudioFileWriter
    do {
      writer = try AudioFileWriter(
        path: output?.stagingPath ?? AudioFileWriter.standardOutput, containerName: format.containerName, settings: format.settings,
        metadata: metadata ?? ContainerMetadata())
    } catch {
      throw .output(path: request.outputPath, .writeFailed(detail: Self.detail(of: error)))
    }
    let streamer = TimelineStreamer(
      timeline: plan.timeline, inputs: inputs, facts: facts.facts, format: writer.inputFormat,
      cancellation: cancellation, segments: selection.segments, pauseFrames: selection.pauseFrames,
      makeBus: bus(for: request, selection: selection, sampleRate: format.settings.layout.sampleRate))
    let meter = ProgressMeter(timeline: plan.timeline, selection: selection, inputs: inputs, report: progress)
    let busNotes = try encode(from: streamer, into: writer, meter: meter, outputPath: request.outputPath)
    if cancellation.isCancelled { throw .cancelled }
    try output?.commit()
    if let trackList {
      try sideFiles.write(trackList, listing: request.listing, playlist: request.playlistTags, outputPath: request.outputPath)
    }

    var notes = busNotes + (output?.removedStaleFiles ?? []).map { "removed \($0), left in the folder by an interrupted render" }
    if streaming, let lost = format.container.lostWhenStreamed { notes.append("on standard output, \(lost)") }
    if metadata?.coverArt != nil && !AudioFileWriter.takesCoverArt(containerName: format.containerName) {
      notes.append("the cover picture was left out: FFmpeg cannot put one in .\(format.container.rawValue) output")
    }
    var report = RenderReport(
      outputPath: request.outputPath, plan: plan, segments: selection.segments, outputFrameCount: selection.frameCount,
      layout: format.settings.layout, codecName: format.settings.codecName, containerName: format.containerName,
      trackList: trackList, inputs: inputs, notes: notes)
    if request.verify {
      let decoded = try countDecodedFrames(path: request.outputPath)
      guard decoded == selection.frameCount else {
        throw .verificationFailed(path: request.outputPath, expected: selection.frameCount, decoded: decoded)
      }
      report.verifiedFrameCount = decoded
    }
    return report
  }

  /// Why `request` cannot be written to standard output: its format cannot stream (MP4 writes its
  /// index last), or it asks for a check that needs the written file.
  private static func streamingProblem(_ request: RenderRequest) -> RenderError? {
    if request.verify { return .options("--verify reads the written file again; it cannot with -o - (standard output)") }
    guard let name = request.output.format, let container = OutputContainer(rawValue: name.lowercased()) else {
      return .options("-o - (standard output) needs --format: wav, flac, mp3, ogg or opus")
    }
    guard container.canStream else {
      return .options("-o - cannot write .\(container.rawValue): it needs a file it can seek in; stream wav, flac, mp3, ogg or opus")
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

  /// The request's bus, with edge fades on each part of `selection` when the request asks for them.
  private static func bus(
    for request: RenderRequest, selection: OutputSelection, sampleRate: Int
  ) -> @Sendable (EncoderInputFormat) -> BusChain {
    guard let seconds = request.edgeFade, seconds > 0 else { return request.makeBus }
    let fade = EdgeFade(segments: selection.segments, length: max(1, Int64((seconds * Double(sampleRate)).rounded())), sampleRate: sampleRate)
    return { [makeBus = request.makeBus] format in
      var chain = makeBus(format)
      chain.stages.insert(fade, at: 0)
      return chain
    }
  }

  /// Plans a mix without rendering it: the timeline `render` would follow, at `sampleRate` (the
  /// first input's when nil), with the inputs (tracks, then overlays) its clips name.
  public static func plan(_ request: RenderRequest, sampleRate: Int? = nil) throws(RenderError) -> (plan: Plan, sources: [InputSource]) {
    guard !request.inputs.isEmpty else { throw .options("nothing to plan: no input files") }
    let inputs = try gatherFacts(request)
    var plan = try MixPlanning(
      inputs: request.inputs, overlays: request.overlays, facts: inputs.facts, mix: request.mix,
      sampleRate: sampleRate ?? inputs.facts[0].info.sampleRate
    ).plan()
    plan.notes += inputs.notes
    return (plan, inputs.sources)
  }

  /// Runs the streamer on its own thread and encodes what it sends on this one; returns the bus's
  /// notes.
  private static func encode(
    from streamer: TimelineStreamer, into writer: AudioFileWriter, meter: ProgressMeter, outputPath: String
  ) throws(RenderError) -> [String] {
    // Up to 6 s of audio (4096-frame chunks, about 1 MiB as 16-bit stereo): enough to ride out
    // one thread being preempted, little enough to keep memory low.
    let queue = BoundedQueue<StreamerMessage>(capacity: 64)
    let decoding = Thread { streamer.run(into: queue) }
    decoding.name = "segue-decode"
    decoding.start()
    defer { queue.close() }
    while let message = queue.take() {
      switch message {
      case .chunk(let chunk):
        if streamer.cancellation.isCancelled { throw .cancelled }
        do { try writer.write(chunk) } catch {
          throw .output(path: outputPath, .writeFailed(detail: detail(of: error)))
        }
        meter.advance(by: chunk.frameCount)
      case .failed(let error):
        throw error
      case .finished(let notes):
        do { try writer.finish() } catch {
          throw .output(path: outputPath, .writeFailed(detail: detail(of: error)))
        }
        return notes
      }
    }
    throw .cancelled
  }

  /// Decodes a file with FFmpeg and counts its sample frames, delay and padding removed.
  public static func countDecodedFrames(path: String) throws(RenderError) -> Int64 {
    let source = InputSource(path: path)
    do {
      let reader = try AudioFileReader(path: path)
      while try reader.nextBlock() != nil {}
      return reader.framesDelivered
    } catch {
      throw .input(source, InputCheck.problem(for: error))
    }
  }

  private static func detail(of error: any Error) -> String {
    (error as? FFmpegError)?.message ?? "\(error)"
  }
}
