import Composition
import FFmpegAudio
import Foundation
import Playlists

/// Turns inputs, their playlist options and the mix options into a plan, at the mix's rate.
///
/// This is where seconds become sample frames; from here on everything counts frames.
struct MixPlanning {
  let inputs: [InputSource]
  let infos: [AudioStreamInfo]
  let mix: MixOptions
  let sampleRate: Int

  /// Measures every input's exact length and lays the mix out.
  func plan() throws(RenderError) -> Plan {
    var items: [PlanItem] = []
    for (index, input) in inputs.enumerated() {
      let length = try SourceLength.frames(of: input, info: infos[index], at: sampleRate)
      items.append(try item(index, input: input, length: length))
    }
    do {
      return try Planner.plan(items, defaults: defaults(), sampleRate: sampleRate) { index, overlap in
        (try? EndCorrelation.measure(outgoing: items[index], incoming: items[index + 1], inputs: inputs, overlap: overlap, sampleRate: sampleRate)) ?? 0
      }
    } catch {
      throw .options(error.description)
    }
  }

  private func item(_ index: Int, input: InputSource, length: Int64) throws(RenderError) -> PlanItem {
    let options = input.options
    for (name, value) in [("in", options.inPoint?.seconds), ("out", options.outPoint?.seconds), ("fade-in", options.fadeIn?.seconds), ("fade-out", options.fadeOut?.seconds)] {
      if let value, value < 0 || !value.isFinite { throw .input(input, .badOption("its \(name) time is negative")) }
    }
    return PlanItem(
      source: index, availableFrames: length, inPoint: options.inPoint?.frames(at: sampleRate) ?? 0, outPoint: options.outPoint?.frames(at: sampleRate),
      gain: options.gainDB.map { pow(10, $0 / 20) } ?? 1,
      fadeIn: options.fadeIn.map { Fade(length: frames($0.seconds)!, curve: $0.curve) },
      fadeOut: options.fadeOut.map { Fade(length: frames($0.seconds)!, curve: $0.curve) },
      transition: options.transition.map(request), album: input.album ?? infos[index].tags["album"], label: input.label)
  }

  private func defaults() -> PlanDefaults {
    let transition: TransitionSpec =
      if let gap = mix.gap, gap > 0 { .gap(seconds: gap) }
      else if let crossfade = mix.crossfade, crossfade > 0 { .crossfade(.symmetric(crossfade, curve: mix.curve)) }
      else { .gapless }
    return PlanDefaults(transition: request(transition), albumAware: mix.albumAware)
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

  /// Seconds to the nearest frame at the mix's rate.
  private func frames(_ seconds: Double?) -> Int64? {
    seconds.map { Int64(($0 * Double(sampleRate)).rounded()) }
  }
}
