import Dispatch
import Foundation
import FFmpegAudio
import Synchronization

/// The facts of every input of a render, gathered in parallel (one input per core) and checked
/// before anything is written; every bad input is reported at once.
public struct InputFacts: Sendable {
  /// The inputs, in the render's order (tracks, then overlays), each with its file's tags.
  public var sources: [InputSource]
  /// Each input's facts, in the same order.
  public var facts: [SourceFacts]
  /// What the cache had to say (an entry ignored, a folder it could not write).
  public var notes: [String]

  /// The inputs' stream descriptions, in order.
  public var infos: [AudioStreamInfo] { facts.map(\.info) }

  /// Probes every input's header, then gathers what `needs` asks for, through `cache`.
  ///
  /// `progress`, when given, hears from any thread how far each input has got: every input once
  /// its header is read, then as it is decoded, then when its facts are ready.
  public static func gather(
    _ sources: [InputSource], needs: FactsNeeds, cache: FactsCache?, progress: (@Sendable (FactsProgress) -> Void)? = nil
  ) throws(RenderError) -> InputFacts {
    try gather(sources, needing: { _, _ in needs }, cache: cache, progress: progress)
  }

  /// Probes every input's header, then gathers what `needing` asks for each input (by its place
  /// among `sources` and its header: a track's loudness only where it has no loudness tags, say),
  /// through `cache`; each input is decoded at most once.
  static func gather(
    _ sources: [InputSource], needing: (Int, AudioStreamInfo) -> FactsNeeds, cache: FactsCache?,
    progress: (@Sendable (FactsProgress) -> Void)? = nil
  ) throws(RenderError) -> InputFacts {
    let infos = try InputCheck.probeAll(sources)
    let seconds = infos.map { info in info.declaredFrameCount.map { Double($0) / Double(info.sampleRate) } }
    for index in sources.indices { progress?(FactsProgress(input: index, seconds: seconds[index])) }
    let cores = AvailableCores.count
    let gatherings = sources.indices.map { index in
      FactsGathering(cache: cache, needs: needing(index, infos[index]), partsPerInput: max(1, cores / max(1, sources.count)))
    }
    let results = ResultSlots<(SourceFacts, [String])>(count: sources.count)
    DispatchQueue.concurrentPerform(iterations: sources.count) { index in
      let gathering = gatherings[index]
      var notes: [String] = []
      let rate = Double(infos[index].sampleRate)
      let decoding = progress.map { report in
        { (frames: Int64) in report(FactsProgress(input: index, seconds: seconds[index], secondsDone: Double(frames) / rate)) }
      }
      results.set(index, Result { () throws(RenderError) in
        (try gathering.facts(of: sources[index], info: infos[index], notes: &notes, decoding: decoding), notes)
      })
      progress?(FactsProgress(input: index, seconds: seconds[index], secondsDone: seconds[index] ?? 0, isDone: true))
    }
    var facts: [SourceFacts] = []
    var notes: [String] = []
    var errors: [RenderError] = []
    for result in results.values {
      switch result {
      case .success(let (value, its)): facts.append(value); notes += its
      case .failure(let error): errors.append(error)
      }
    }
    if errors.count == 1 { throw errors[0] }
    if errors.count > 1 { throw .several(errors) }
    var tagged = sources
    for index in tagged.indices { tagged[index].fileTags = infos[index].tags }
    return InputFacts(sources: tagged, facts: facts, notes: notes)
  }
}

/// One slot per parallel task for its result, written once each from any thread.
final class ResultSlots<Value: Sendable>: Sendable {
  private let slots: Mutex<[Result<Value, RenderError>?]>

  init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

  func set(_ index: Int, _ result: Result<Value, RenderError>) { slots.withLock { $0[index] = result } }

  /// Every slot's result, in order (after all tasks have finished).
  var values: [Result<Value, RenderError>] { slots.withLock { $0.map { $0! } } }
}
