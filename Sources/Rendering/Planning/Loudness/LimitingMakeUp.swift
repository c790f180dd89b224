import Analysis
import Dispatch
import FFmpegAudio
import Foundation

/// Finds the make-up gain that keeps a limited track on target: the track is played through the
/// limiter at its gain and measured, and the gain raised by what the limiter took, until it
/// measures on target (within 0.02 LU; at most four passes, one decode each). Results are cached
/// with the input's facts, so a second render decodes nothing for them.
struct LimitingMakeUp {
  let inputs: [InputSource]
  let facts: [SourceFacts]
  /// The ceiling, in dBTP.
  let ceiling: Double
  /// The mix's layout, which tracks whose loudness it changes (`PlayedAnalysis`) are measured in.
  let mix: PCMLayout
  let cache: FactsCache?

  /// How close to its unlimited loudness a limited track must measure, in LU.
  static let tolerance = 0.02
  static let maximumPasses = 4

  /// Adds the make-up to every limited decision (in parallel, one track per core).
  func apply(to decisions: inout [LevelDecision], userGains: [Double]) throws(RenderError) {
    let limited = decisions.indices.filter {
      if case .limited = decisions[$0].peak, decisions[$0].loudnessLUFS != nil, facts[decisions[$0].input].analysis != nil { return true }
      return false
    }
    guard !limited.isEmpty else { return }
    let results = ResultSlots<Double>(count: limited.count)
    let snapshot = decisions
    DispatchQueue.concurrentPerform(iterations: limited.count) { slot in
      let decision = snapshot[limited[slot]]
      results.set(slot, Result { () throws(RenderError) in try makeUp(for: decision, userGain: userGains[decision.input]) })
    }
    for (slot, result) in zip(limited, results.values) {
      decisions[slot].makeUpDB = try result.get()
    }
  }

  /// The make-up of one limited track, in dB.
  private func makeUp(for decision: LevelDecision, userGain: Double) throws(RenderError) -> Double {
    let input = inputs[decision.input]
    let own = facts[decision.input].analysis!.integratedLoudness(within: input.playedPart)!
    let wanted = own + decision.gainDB + userGain
    var makeUp = 0.0
    let played = PlayedAnalysis.changesLoudness(facts[decision.input].info, in: mix) ? mix : nil
    var measured = LimitedLoudness(cache: cache, input: input, facts: facts[decision.input], layout: played)
    for _ in 0..<Self.maximumPasses {
      guard let loudness = try measured.loudness(gainDB: decision.gainDB + userGain + makeUp, ceiling: ceiling, part: input.playedPart) else { break }
      let shortfall = wanted - loudness
      if abs(shortfall) < Self.tolerance { break }
      makeUp += shortfall
    }
    return (makeUp * 1000).rounded() / 1000
  }
}
