import Analysis
import FFmpegAudio
import Playlists

/// A render's loudness levelling: each track's decision, with the make-up that keeps limited
/// tracks on target, and what to tell the user about it.
public struct Levelling: Sendable, Equatable {
  /// The target, in LUFS.
  public var targetLUFS: Double
  /// One decision per track, in input order.
  public var decisions: [LevelDecision]
  /// The tracks measured as the mix plays them (after a downmix or a lower rate), by input.
  var measuredAsPlayed: [Int: PlayedMeasure] = [:]

  /// How a track measured as the mix plays it was converted, and what the file measures alone.
  struct PlayedMeasure: Sendable, Equatable {
    /// "2 channels to 1, 96000 → 44100 Hz".
    var conversion: String
    /// The file's own loudness, in LUFS; nil for silence.
    var fileLUFS: Double?
  }

  /// Decides the gains of the tracks among `inputs` (overlays are not levelled) from their facts,
  /// as the tracks play in a mix of `mix`'s layout.
  static func decide(
    inputs: [InputSource], facts: [SourceFacts], options: LoudnessOptions, target: Double, mix: PCMLayout, cache: FactsCache?
  ) throws(RenderError) -> Levelling {
    var facts = facts
    var measuredAsPlayed: [Int: PlayedMeasure] = [:]
    // Only a loudness the analysis gives is measured again: a tag's figure is the tag's.
    let measured = inputs.indices.filter { index in
      !inputs[index].options.loudnessExempt && facts[index].analysis != nil
        && !(options.gainSource == .tags && TaggedLoudness(tags: facts[index].info.tags) != nil)
    }
    for index in measured where PlayedAnalysis.changesLoudness(facts[index].info, in: mix) {
      guard let played = try PlayedAnalysis.analysis(of: inputs[index], facts: facts[index], in: mix, cache: cache) else { continue }
      let fileLUFS = facts[index].analysis?.integratedLoudness(within: inputs[index].playedPart)
      measuredAsPlayed[index] = PlayedMeasure(conversion: PlayedAnalysis.conversion(facts[index].info, in: mix), fileLUFS: fileLUFS)
      facts[index].analysis = played
    }
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
    try LimitingMakeUp(
      inputs: inputs, facts: facts, ceiling: options.truePeakDBTP ?? LoudnessOptions.defaultCeiling, mix: mix, cache: cache
    ).apply(to: &decisions, userGains: tracks.map(\.userGainDB))
    return Levelling(targetLUFS: target, decisions: decisions, measuredAsPlayed: measuredAsPlayed)
  }

  /// The loudness gain of input `index` in dB (0 for an overlay).
  func gainDB(ofInput index: Int) -> Double {
    decisions.first { $0.input == index }?.appliedDB ?? 0
  }

  /// Every decision as a note naming its track by `labels`.
  func notes(labels: [String]) -> [String] {
    decisions.flatMap { decision in
      let played = measuredAsPlayed[decision.input].map { measure in
        "\(labels[decision.input]): measured as the mix plays it (\(measure.conversion)): "
          + "\(decision.loudnessLUFS.map { Decibels.text($0) + " LUFS" } ?? "silence"), "
          + "where the file alone measures \(measure.fileLUFS.map { Decibels.text($0) + " LUFS" } ?? "silence")"
      }
      return (played.map { [$0] } ?? []) + [decision.note(label: labels[decision.input], target: targetLUFS)]
    }
  }
}
