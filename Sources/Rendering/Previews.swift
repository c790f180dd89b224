import Composition
import FFmpegAudio
import Foundation
import Playlists

/// Renders the parts of a mix someone wants to hear first: each transition with some context, or
/// the opening seconds of each track as a medley.
public enum Previews {
  /// Renders every transition of the mix `request` describes, with `context` seconds of mix on
  /// either side: into `request.outputPath` with `pause` seconds of silence between them, or,
  /// with `separateFiles`, into one file per transition (`mix-transition-01.flac`, …).
  ///
  /// The samples are exactly those of the full render at the same positions, but for the first
  /// and last `edgeFade` seconds of each, which fade in and out so no preview starts with a click.
  public static func transitions(
    _ request: RenderRequest, context: Double = defaultContext, pause: Double = defaultPause, separateFiles: Bool = false,
    edgeFade: Double = defaultEdgeFade, cancellation: RenderCancellation = RenderCancellation()
  ) throws(RenderError) -> [RenderReport] {
    var request = request
    request.edgeFade = edgeFade
    let prepared = try Renderer.prepare(request)
    // The previews are of the mix as prepared: its tracks in the order they play.
    request = prepared.request
    let timeline = prepared.plan.timeline
    let contextFrames = SampleFrames.count(inSeconds: context, at: timeline.sampleRate)
    let items = timeline.items
    let regions = zip(items, items.dropFirst()).map { outgoing, incoming in
      max(0, min(incoming.start, outgoing.end) - contextFrames)..<min(timeline.frameCount, max(incoming.start, outgoing.end) + contextFrames)
    }
    guard !regions.isEmpty else { throw .noTransitions }
    let names = TrackList(plan: prepared.plan, inputs: prepared.inputs.sources, infos: prepared.inputs.infos).tracks.map { $0.text(.standard) }
    let titles = regions.indices.map { "\($0 + 1): \(names[$0]) → \(names[$0 + 1])" }
    if !separateFiles {
      let selection = OutputSelection(segments: regions, pauseFrames: SampleFrames.count(inSeconds: pause, at: timeline.sampleRate))
      var titled = request
      titled.partTitles = titles
      return [try Renderer.render(prepared, selection: selection, request: titled, cancellation: cancellation)]
    }
    var reports: [RenderReport] = []
    for (index, region) in regions.enumerated() {
      var single = request
      single.outputPath = numbered(request.outputPath, index + 1, regions.count, naming: "\(names[index]) → \(names[index + 1])")
      reports.append(try Renderer.render(prepared, selection: OutputSelection(segments: [region]), request: single, cancellation: cancellation))
    }
    return reports
  }

  /// Renders the first `length` seconds of each track (from where the mix starts playing it),
  /// joined by `fade` second equal-power crossfades, like a record shop's listening post; the
  /// medley fades in and out over `edgeFade` seconds at its ends.
  ///
  /// The medley is of the mix as prepared once for every command: its tracks in the order they
  /// play, each with the gain (levelling included) and key shift the mix gives it, at its own
  /// speed (no stretch) and without its crossfades. The peak guard is the mix's.
  public static func snippets(
    _ request: RenderRequest, length: Double = defaultSnippetLength, fade: Double = defaultSnippetFade, edgeFade: Double = defaultEdgeFade,
    cancellation: RenderCancellation = RenderCancellation()
  ) throws(RenderError) -> RenderReport {
    guard length > 0, fade >= 0, fade * 2 < length else {
      throw .setting(.tooShort(.snippetLength, value: length, least: max(0, fade) * 2))
    }
    var whole = request
    (whole.range, whole.edgeFade) = (nil, edgeFade)
    let prepared = try Renderer.prepare(whole)
    var medley = prepared.request
    let loudness = request.mix.loudness
    // Levelling is in each track's gain already; the ceiling the mix's guard holds stays.
    let ceiling = loudness.guardCeiling
    medley.mix = MixOptions(
      crossfade: fade, curve: .fixed(.equalPower),
      loudness: LoudnessOptions(
        truePeakDBTP: ceiling?.truePeak == true ? ceiling?.decibels : nil, peakPolicy: loudness.peakPolicy, measure: loudness.measure))
    (medley.fit, medley.stretch) = (nil, nil)
    let timeline = prepared.plan.timeline
    let rate = Double(timeline.sampleRate)
    for item in timeline.items where item.source < medley.inputs.count {
      let clip = timeline.clips[item.clipIndexes[0]]
      let available = Double(prepared.inputs.facts[item.source].frameCount(at: timeline.sampleRate)) / rate
      let start = Double(clip.inPoint) / rate
      var options = EntryOptions(inPoint: .seconds(start), outPoint: .seconds(min(available, start + length)), gainDB: 20 * log10(max(clip.gain, Self.faintestGain)))
      options.pitch = clip.pitchShift
      options.loudnessExempt = true
      medley.inputs[item.source].options = options
    }
    return try Renderer.render(medley, knownFacts: prepared.inputs, cancellation: cancellation)
  }

  /// The smallest gain a snippet keeps as a level (-120 dB), so a silenced track stays a number.
  private static let faintestGain = 1e-6

  /// The fade at a preview's outer edges: 10 ms, long enough to hide the cut, too short to hear.
  public static let defaultEdgeFade = 0.010
  /// Seconds of mix on either side of each transition.
  public static let defaultContext = 10.0
  /// Seconds of silence between transitions in one file.
  public static let defaultPause = 1.0
  /// Seconds of each track in a medley of snippets.
  public static let defaultSnippetLength = 10.0
  /// Seconds of the equal-power crossfade between snippets in a medley.
  public static let defaultSnippetFade = 1.0

  /// `mix.flac` → `mix-transition-03 (Artist - Song → Other - Tune).flac`, the number zero-padded
  /// to the count's width, `naming` made safe for a file name (no slashes, at most 120 characters).
  private static func numbered(_ path: String, _ number: Int, _ count: Int, naming: String) -> String {
    let url = URL(fileURLWithPath: path)
    let digits = max(2, String(count).count)
    let label = String(repeating: "0", count: max(0, digits - String(number).count)) + String(number)
    let safe = String(naming.map { "/\\:\0".contains($0) ? "-" : $0 }.prefix(120))
    let name = url.deletingPathExtension().lastPathComponent + "-transition-" + label + " (" + safe + ")"
    let folder = PathText.deletingLastComponent(path)
    return (folder.isEmpty ? "" : folder + "/") + name + (url.pathExtension.isEmpty ? "" : "." + url.pathExtension)
  }
}
