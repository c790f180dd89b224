import Analysis
import Playlists

/// A render's loudness levelling: each track's decision, with the make-up that keeps limited
/// tracks on target, and what to tell the user about it.
public struct Levelling: Sendable, Equatable {
  /// The target, in LUFS.
  public var targetLUFS: Double
  /// One decision per track, in input order.
  public var decisions: [LevelDecision]

  /// Decides the gains of the tracks among `inputs` (overlays are not levelled) from their facts.
  static func decide(
    inputs: [InputSource], facts: [SourceFacts], options: LoudnessOptions, target: Double, cache: FactsCache?
  ) throws(RenderError) -> Levelling {
    let tracks = inputs.indices.map { index in
      let input = inputs[index]
      return LoudnessLevelling.Track(
        input: index, analysis: facts[index].analysis,
        tagged: options.gainSource == .tags ? TaggedLoudness(tags: facts[index].info.tags) : nil,
        part: input.playedPart,
        album: input.album ?? facts[index].info.tags["album"], exempt: input.options.loudnessExempt,
        userGainDB: input.options.gainDB ?? 0, fileSeconds: Double(facts[index].frameCount) / Double(facts[index].info.sampleRate))
    }
    var decisions = LoudnessLevelling(target: target, options: options, tracks: tracks).decisions()
    try LimitingMakeUp(inputs: inputs, facts: facts, ceiling: options.truePeakDBTP ?? LoudnessOptions.defaultCeiling, cache: cache)
      .apply(to: &decisions, userGains: tracks.map(\.userGainDB))
    return Levelling(targetLUFS: target, decisions: decisions)
  }

  /// The loudness gain of input `index` in dB (0 for an overlay).
  func gainDB(ofInput index: Int) -> Double {
    decisions.first { $0.input == index }?.appliedDB ?? 0
  }

  /// Every decision as a note naming its track by `labels`.
  func notes(labels: [String]) -> [String] {
    decisions.map { $0.note(label: labels[$0.input], target: targetLUFS) }
  }
}
