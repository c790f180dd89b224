import Foundation

/// Integrated loudness by BS.1770-4's gating over 400 ms blocks, for several signals heard one
/// after another (an album) or a part of one: blocks under -70 LUFS are dropped, then those more
/// than 10 LU under the loudness of the rest.
public enum GatedLoudness {
  /// Integrated loudness in LUFS of the signals `analyses` measured, as one programme; nil for silence.
  public static func integrated(_ analyses: [SignalAnalysis]) -> Double? {
    integrated(blocks: analyses.flatMap { $0.gatingBlocks() })
  }

  /// Integrated loudness in LUFS of gating blocks' loudness values; nil for silence.
  public static func integrated(blocks: [Double]) -> Double? {
    let audible = blocks.filter { $0 > -70 }
    guard let relativeGate = loudness(of: audible).map({ $0 - 10 }) else { return nil }
    return loudness(of: audible.filter { $0 > relativeGate })
  }

  /// The loudness of the mean energy of `blocks`.
  private static func loudness(of blocks: [Double]) -> Double? {
    guard !blocks.isEmpty else { return nil }
    let meanEnergy = blocks.reduce(0.0) { $0 + pow(10, ($1 + 0.691) / 10) } / Double(blocks.count)
    return -0.691 + 10 * log10(meanEnergy)
  }
}

extension SignalAnalysis {
  /// The gating blocks (400 ms, one every 100 ms) that lie wholly inside `seconds` of the signal
  /// (all of them when nil), in LUFS: the momentary values from the fourth on, the first three
  /// being shorter than a block.
  public func gatingBlocks(within seconds: Range<Double>? = nil) -> [Double] {
    let values = momentary.decibels
    guard values.count > 3 else { return [] }
    let step = momentary.step
    guard let seconds else { return Array(values[3...]) }
    // Block k covers [(k - 3) x step, (k + 1) x step); a thousandth of a step absorbs rounding.
    let first = max(3, Int((seconds.lowerBound / step - 0.001).rounded(.up)) + 3)
    let end = min(seconds.upperBound, Double(values.count + 1) * step)
    let last = min(values.count - 1, Int((end / step + 0.001).rounded(.down)) - 1)
    return first <= last ? Array(values[first...last]) : []
  }

  /// Integrated loudness of `seconds` of the signal (all of it when nil), in LUFS; nil for silence.
  public func integratedLoudness(within seconds: Range<Double>?) -> Double? {
    guard let seconds, seconds.lowerBound > 0 || seconds.upperBound < self.seconds else { return integratedLUFS }
    return GatedLoudness.integrated(blocks: gatingBlocks(within: seconds))
  }
}

extension GatedLoudness {
  /// Integrated loudness (nil for silence) and loudness range of a signal from the mean
  /// K-weighted energy of each of its whole 100 ms steps: 400 ms gating blocks every step, 3 s
  /// short-term blocks every second (as libebur128 makes them).
  public static func programme(stepEnergies: [Double]) -> (integrated: Double?, range: Double) {
    let meanEnergies = { (steps: Int, hop: Int) in
      stride(from: steps, through: stepEnergies.count, by: hop).map { end in stepEnergies[(end - steps)..<end].reduce(0, +) / Double(steps) }
    }
    return (integrated(blocks: meanEnergies(4, 1).map(SlidingLoudness.loudness(ofEnergy:))), range(shortTermEnergies: meanEnergies(30, 10)))
  }

  /// Loudness range in LU by EBU Tech 3342, from short-term (3 s) blocks' energies: blocks under
  /// -70 LUFS are dropped, then those more than 20 LU under the mean of the rest; the range runs
  /// from the 10th to the 95th percentile of what is left (0 when nothing is).
  public static func range(shortTermEnergies energies: [Double]) -> Double {
    let audible = energies.filter { SlidingLoudness.loudness(ofEnergy: $0) >= -70 }
    guard !audible.isEmpty else { return 0 }
    let gate = audible.reduce(0, +) / Double(audible.count) / 100
    let kept = audible.filter { $0 >= gate }.sorted()
    let percentile = { (fraction: Double) in SlidingLoudness.loudness(ofEnergy: kept[Int(Double(kept.count - 1) * fraction + 0.5)]) }
    return percentile(0.95) - percentile(0.1)
  }
}
