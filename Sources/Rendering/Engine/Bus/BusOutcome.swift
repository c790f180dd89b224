import Analysis

/// What the bus has to report once the last block has passed: its stages' notes and, when the
/// output was metered, the measurement (and under levelling, the mix's before the bus).
struct BusOutcome: Sendable {
  var notes: [String]
  var output: ProgrammeLoudness?
  /// The mix as the clips summed it, before the bus's stages (the limiter) acted: measured under levelling.
  var mix: ProgrammeLoudness?
  /// Where the limiter acted, on the timeline.
  var limited: [Range<Int64>] = []
}

extension BusChain {
  /// The notes of every stage and the meters' measurements (each meter's `finish` called once).
  func outcome() -> BusOutcome {
    let measured = stages.compactMap { $0.finishMeasuring() }
    return BusOutcome(
      notes: notes, output: measured.first { $0.point == .output }?.loudness, mix: measured.first { $0.point == .mix }?.loudness,
      limited: stages.flatMap(\.limitedSpans))
  }
}
