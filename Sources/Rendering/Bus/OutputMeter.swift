import Analysis

/// Measures the output as it is written (the PCM the encoder gets): its loudness and true peak.
///
/// It changes nothing. It runs only when asked (levelling, a ceiling, `--measure`), so plain
/// renders pay nothing for it.
struct OutputMeter: BusStage {
  private let analyzer: SignalAnalyzer?

  init(sampleRate: Int, channelCount: Int) {
    analyzer = SignalAnalyzer(sampleRate: sampleRate, channelCount: channelCount)
  }

  mutating func process(_ block: BusBlock) -> Bool {
    analyzer?.add(UnsafeBufferPointer(block.samples))
    return false
  }

  var notes: [String] { [] }

  /// What was measured; call once, after the last block.
  func finish() -> SignalAnalysis? { analyzer?.finish() }
}

/// What the bus has to report once the last block has passed: its stages' notes and, when the
/// output was metered, the measurement.
struct BusOutcome: Sendable {
  var notes: [String]
  var output: SignalAnalysis?
}

extension BusChain {
  /// The notes of every stage and the output meter's measurement.
  func outcome() -> BusOutcome {
    BusOutcome(notes: notes, output: stages.lazy.compactMap { ($0 as? OutputMeter)?.finish() }.first)
  }
}
