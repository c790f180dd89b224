import Composition
import FFmpegAudio

/// A mix built in code: time ranges of files placed on a timeline, with volume ramps, then rendered.
///
/// The spirit of AVFoundation's `AVMutableComposition` and `AVMutableAudioMix`, with exact sample
/// positions underneath: times are given in seconds and rounded to the nearest frame once.
///
/// ```swift
/// var mix = AudioComposition(sampleRate: 44_100)
/// let a = try mix.insertTimeRange(0..<30, of: "a.flac", at: 0)
/// let b = try mix.insertTimeRange(10..<40, of: "b.flac", at: 25)
/// try mix.setVolumeRamp(clip: a, from: 1, to: 0, timeRange: 25..<30)
/// try mix.setVolumeRamp(clip: b, from: 0, to: 1, timeRange: 25..<30, curve: .equalPower)
/// try mix.render(to: "mix.flac")
/// ```
public struct AudioComposition: Sendable {
  /// The rate the composition is placed and rendered at, in Hz.
  public let sampleRate: Int
  /// The clips placed so far, at exact sample-frame positions at `sampleRate`.
  public private(set) var timeline: Timeline
  /// The files inserted so far, one per clip, in order: a clip's `source`, the identifier
  /// `insertTimeRange` returns, indexes them.
  public private(set) var sources: [InputSource] = []

  /// Builds an empty composition that places and renders at `sampleRate` Hz.
  public init(sampleRate: Int) {
    self.sampleRate = sampleRate
    timeline = Timeline(sampleRate: sampleRate)
  }

  /// Places `range` (seconds in the file) of the file at `path` at `time` seconds on the timeline,
  /// and returns the clip's identifier for `setVolumeRamp` (it stays valid as clips are added).
  @discardableResult
  public mutating func insertTimeRange(_ range: Range<Double>, of path: String, at time: Double, gain: Double = 1) throws(RenderError) -> Int {
    guard range.lowerBound >= 0, time >= 0 else { throw .composition("times in a composition cannot be negative") }
    sources.append(InputSource(path: path))
    let clip = Clip(
      source: sources.count - 1, start: frames(time), inPoint: frames(range.lowerBound),
      duration: frames(range.upperBound) - frames(range.lowerBound), gain: gain)
    do { try timeline.insert(clip) } catch {
      sources.removeLast()
      throw .composition("cannot place \(path) at \(time) s: \(error)")
    }
    return clip.source
  }

  /// Ramps the volume of clip `id` from `from` to `to` over `timeRange`, in seconds on the timeline.
  public mutating func setVolumeRamp(
    clip id: Int, from: Double, to: Double, timeRange: Range<Double>, curve: FadeCurve = .linear
  ) throws(RenderError) {
    guard let index = timeline.clips.firstIndex(where: { $0.source == id }) else { throw .composition("there is no clip \(id)") }
    var clips = timeline.clips
    let start = clips[index].start
    do {
      try clips[index].envelope.setVolumeRamp(
        from: from, to: to, over: (frames(timeRange.lowerBound) - start)..<(frames(timeRange.upperBound) - start), curve: curve)
    } catch {
      throw .composition("clip \(id): \(error)")
    }
    timeline = Timeline(sampleRate: sampleRate, clips: clips)
  }

  /// Renders the composition into `path`, in the format its extension names, its sources' facts
  /// kept in `cache` when one is given.
  @discardableResult
  public func render(
    to path: String, options: OutputOptions = OutputOptions(), overwrite: Bool = false, verify: Bool = false, cache: FactsCache? = nil,
    cancellation: RenderCancellation = RenderCancellation(), progress: (@Sendable (RenderProgress) -> Void)? = nil
  ) throws(RenderError) -> RenderReport {
    guard !sources.isEmpty else { throw .composition("nothing to render: the composition is empty") }
    let inputs = try InputFacts.gather(sources, needs: FactsNeeds(), cache: cache)
    var options = options
    options.sampleRate = sampleRate
    // Laid out as a render lays out its tracks: by what plays longest (`--format-from most`).
    var played = [Double](repeating: 0, count: sources.count)
    for clip in timeline.clips { played[clip.source] += Double(clip.duration) / Double(sampleRate) }
    let chosen = MixLayoutChoice(options: options, infos: inputs.infos, lengths: played)
    let format = try OutputFormat.resolve(path: path, options: options, inputs: inputs.infos, chosen: chosen)
    for clip in timeline.clips {
      let available = inputs.facts[clip.source].frameCount(at: sampleRate)
      guard clip.sourceEnd <= available else {
        throw .input(sources[clip.source], .badOption("the time range ends past the file's end"))
      }
    }
    let request = RenderRequest(inputs: sources, outputPath: path, output: options, overwrite: overwrite, verify: verify)
    var mix = MixPlan(plan: Plan(timeline: timeline, notes: inputs.notes), sources: inputs.sources)
    chosen.record(in: &mix, final: format.settings.layout, codec: format.codec.displayName)
    mix.plan.notes += format.notes + format.downmixNotes(inputs.infos, labels: inputs.sources.map(\.label))
    let prepared = Renderer.Prepared(request: request, inputs: inputs, format: format, mix: mix)
    return try Renderer.render(prepared, selection: .whole(timeline), request: request, cancellation: cancellation, progress: progress)
  }

  private func frames(_ seconds: Double) -> Int64 { SampleFrames.count(inSeconds: seconds, at: sampleRate) }
}
