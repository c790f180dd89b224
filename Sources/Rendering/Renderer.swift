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
      prepared = try prepare(request, knownFacts: knownFacts)
    } catch {
      guard let outputProblem else { throw error }
      // A folder has no format: a word on its missing extension would only mislead.
      let parts = outputProblem.isFolderOutput ? error.parts.filter { !$0.isOutputProblem } : error.parts
      throw .several(parts + [outputProblem])
    }
    if let outputProblem { throw outputProblem }
    request = prepared.request
    let format = try prepared.outputFormat()
    if request.mix.loudness.writeReplayGain, let problem = OutputReplayGain.problem(format.container) { throw problem }
    let timeline = prepared.plan.timeline
    let selection = try request.range.map { range throws(RenderError) in try outputSelection(range, of: timeline) }
      ?? OutputSelection.whole(timeline)
    return try render(prepared, selection: selection, request: request, cancellation: cancellation, progress: progress)
  }

  /// Renders `selection` of a prepared request into `request.outputPath`.
  static func render(
    _ prepared: Prepared, selection: OutputSelection, request: RenderRequest, cancellation: RenderCancellation,
    progress: (@Sendable (RenderProgress) -> Void)? = nil
  ) throws(RenderError) -> RenderReport {
    var prepared = prepared
    let (facts, format) = (prepared.inputs, try prepared.outputFormat())
    let encoding = try prepared.encoding(for: selection)
    let plan = prepared.plan
    let stage = try OutputStage(request, format: format, selection: selection, plan: plan, inputs: facts.sources, infos: facts.infos)
    defer { stage.discard() }
    let writer = stage.writer
    let streamer = TimelineStreamer(
      timeline: plan.timeline, inputs: facts.sources, facts: facts.facts, resampledRuns: plan.resampledRuns,
      format: writer.inputFormat, resampling: format.resampling,
      cancellation: cancellation, segments: selection.segments, pauseFrames: selection.pauseFrames,
      makeBus: standardBus(request, selection: selection, sampleRate: format.settings.layout.sampleRate),
      playedOverlaps: PlayedOverlaps(plan: plan))
    let decodedMeter = try Self.decodedMeter(for: writer, request: request, format: format)
    let meter = ProgressMeter(timeline: plan.timeline, selection: selection, inputs: facts.sources, report: progress)
    let segments = try encoding.overlap.map { overlap throws(RenderError) in
      do { try writer.beginSegments() } catch { throw .output(path: request.outputPath, Self.writeFailure(error)) }
      return SegmentedEncoding(writer: writer, overlap: overlap, workers: encoding.workers)
    }
    let outcome = try encode(from: streamer, into: writer, segments: segments, meter: meter, outputPath: request.outputPath)
    if cancellation.isCancelled { throw .cancelled }
    let decoded: ProgrammeLoudness?
    do { decoded = try decodedMeter?.finish(length: writer.framesWritten).get() } catch {
      throw Self.undecodableOutput(request, error)
    }
    var report = RenderReport(
      mix: prepared.mix, infos: facts.infos, selection: selection, stage: stage, outcome: outcome, decoded: decoded,
      alignments: streamer.playedOverlaps?.alignments() ?? [], encodedAcross: segments?.joinsEncodedAcross ?? 0)
    if request.mix.loudness.writeReplayGain, let loudness = report.loudness, let staging = stage.staged?.stagingPath {
      report.notes.append(try OutputReplayGain.tag(staging, outputPath: request.outputPath, loudness: loudness))
    }
    report.notes += try stage.commit()
    try finish(&report, request: request, selection: selection)
    return report
  }

  /// What follows a render once its output is in place: the length checked (`verify`), the page
  /// and the picture written.
  private static func finish(_ report: inout RenderReport, request: RenderRequest, selection: OutputSelection) throws(RenderError) {
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
    guard let container = request.output.format else {
      return .setting(.streamNeedsFormat)
    }
    guard container.canStream else {
      return .setting(.notOffered(.format, value: container.rawValue, within: "on standard output, which cannot be sought in", offered: ["wav", "flac", "mp3", "ogg", "opus"]))
    }
    return nil
  }

  /// The standard bus for `request` (`BusChain.standard`), with edge fades on each part of
  /// `selection` when the request asks for them.
  private static func standardBus(
    _ request: RenderRequest, selection: OutputSelection, sampleRate: Int
  ) -> @Sendable (EncoderInputFormat) -> BusChain {
    let fadeFrames = request.edgeFade.flatMap { $0 > 0 ? max(1, SampleFrames.count(inSeconds: $0, at: sampleRate)) : nil }
    return { [loudness = request.mix.loudness, segments = selection.segments, adjust = request.adjustBus] format in
      var bus = BusChain.standard(loudness: loudness, format: format, segments: segments, edgeFadeFrames: fadeFrames)
      adjust?(&bus)
      return bus
    }
  }
}
