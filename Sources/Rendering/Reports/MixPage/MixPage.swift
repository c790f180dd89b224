import Analysis
import Composition
import FFmpegAudio
import Foundation

/// The mix as one self-contained HTML page, to look at and listen to: a zoomable timeline with a
/// lane per deck and one for overlays (each clip with its waveform and volume curves), the track
/// marks, the transitions (each, after a render, with a few seconds of the rendered output around
/// it to play), and every note and automatic decision. Inline CSS, script and data only: it opens
/// from `file://` with no network.
///
/// Every clip, transition, chapter mark and overlay element carries `data-kind`, `data-start` and
/// `data-end` (seconds on the output's timeline, as `plan --json` gives them) and `data-title`.
public struct MixPage {
  let report: PlanReport
  let timeline: Timeline
  let inputs: [InputSource]
  /// What only a render knows: the output and what it measured; nil for a plan.
  var rendered: RenderReport?
  /// Each source's waveform in three bands, from the analysis pass (none where not asked for).
  let waveforms: [WaveformBands?]
  /// Each source's tempo and beat grid, where the analysis found one.
  let tempos: [TempoAnalysis?]
  /// Each source's key, where one is known.
  let keys: [InputKey]
  /// The settings the mix was made with, in words.
  let settings: [SettingRow]

  /// The page of a planned mix; its clips show their waveforms when it was planned with a
  /// `reportPath` (which gathers them in the analysis pass).
  public init(_ mix: MixPlan) {
    report = PlanReport(mix)
    timeline = mix.plan.timeline
    inputs = mix.sources
    rendered = nil
    (waveforms, tempos, keys, settings) = (mix.waveforms, mix.tempos, mix.keys, mix.settings)
  }

  /// The page of a rendered mix.
  public init(_ render: RenderReport) {
    self.init(render.mix)
    rendered = render
  }

  /// Why the page cannot be written at `path` (it exists, without `overwrite`, or is an input);
  /// nil when it can. Checked before a render, so none is wasted.
  public static func problem(path: String, overwrite: Bool, inputs: [InputSource]) -> RenderError? {
    StagedOutputFile.problem(targetPath: path, overwrite: overwrite, inputs: inputs)
  }

  /// Writes the page to `path` (under a temporary name until it is complete); a rendered mix's
  /// transitions get their snippets from the output.
  public func write(to path: String, overwrite: Bool) throws(RenderError) {
    let snippets = try rendered.map { render throws(RenderError) in try TransitionSnippets.make(for: render, transitions: transitionSpans) } ?? [:]
    let page = html(snippets: snippets, pagePath: path)
    let output = try StagedOutputFile(targetPath: path, overwrite: overwrite, inputs: inputs)
    defer { output.discard() }
    do { try Data(page.utf8).write(to: URL(fileURLWithPath: output.stagingPath)) } catch {
      throw .output(path: path, Renderer.writeFailure(error))
    }
    try output.commit()
  }

  /// Each transition's span on the timeline, in frames: from where the incoming track starts (or
  /// the outgoing one ends, across a gap) to where the outgoing track ends (or the incoming one
  /// starts); a gapless join is a point.
  var transitionSpans: [Range<Int64>] {
    report.transitions.map { transition in
      let outgoing = report.tracks[transition.from - 1]
      let incoming = report.tracks[transition.to - 1]
      let start = min(incoming.start, outgoing.end)
      return start..<max(start, max(incoming.start, outgoing.end))
    }
  }
}
