import Analysis

/// What the bus has to report once the last block has passed: its stages' notes and, when the
/// output was metered, the measurement.
struct BusOutcome: Sendable {
  var notes: [String]
  var output: ProgrammeLoudness?
  /// Where the limiter acted, on the timeline.
  var limited: [Range<Int64>] = []
}

extension BusChain {
  /// The notes of every stage and the output meter's measurement (its `finish` called once).
  func outcome() -> BusOutcome {
    BusOutcome(notes: notes, output: stages.lazy.compactMap { $0.finishMeasuring() }.first, limited: stages.flatMap(\.limitedSpans))
  }
}
