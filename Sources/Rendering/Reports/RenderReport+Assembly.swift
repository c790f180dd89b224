import Analysis
import Composition
import FFmpegAudio

extension RenderReport {
  /// The report of a render of `selection` of `mix` (whose sources are described by `infos`) into `stage`, assembled from what the bus
  /// measured (`outcome`), the written stream decoded again (`decoded`, for lossy outputs), the
  /// beat alignments heard and the MP3 joins encoded across; its notes are the render's own, in
  /// the order they arose.
  init(
    mix: MixPlan, infos: [AudioStreamInfo], selection: OutputSelection, stage: OutputStage, outcome: BusOutcome,
    decoded: ProgrammeLoudness?, alignments: [BeatAlignment], encodedAcross: Int
  ) {
    let (request, format, plan) = (stage.request, stage.format, mix.plan)
    let rate = format.settings.layout.sampleRate
    var notes = outcome.notes
    if let moved = stage.writer.mp3JoinsMoved, let note = mix.encoding?.reservoirNote(joinsMoved: moved, encodedAcross: encodedAcross) {
      notes.append(note)
    }
    let label = { (item: Int) in mix.sources[plan.timeline.items[item].source].label }
    notes += alignments.map { $0.description(labels: (label($0.from), label($0.to))) }
    let spans = selection.isWhole(of: plan.timeline) ? mix.levelling.map { LevelledSpan.spans(of: plan, levelling: $0, inputs: mix.sources) } ?? [] : []
    let loudness = outcome.output.map { measured in
      OutputLoudness(
        measured: measured, decoded: decoded, mix: outcome.mix, format: format, ceiling: request.mix.loudness.guardCeiling, spans: spans,
        notes: &notes)
    }
    self.init(
      outputPath: request.outputPath, mix: mix, segments: selection.segments, outputFrameCount: selection.frameCount,
      layout: format.settings.layout, codecName: format.settings.codecName, containerName: format.containerName,
      trackList: stage.trackList, loudness: loudness,
      rateConversions: RateConversion.needed(sourceRates: infos.map(\.sampleRate), mixRate: rate, quality: format.resampling),
      notes: notes)
    beatAlignments = alignments
    loudnessOverTime = outcome.output.map { LoudnessOverTime($0, sampleRate: rate) }
    limitedSpans = outcome.limited
    peakCeiling = request.mix.loudness.guardCeiling
  }
}
