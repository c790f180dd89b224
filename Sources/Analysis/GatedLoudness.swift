import Foundation

/// The integrated loudness of several signals heard one after another (an album), by BS.1770-4's
/// gating over their 400 ms blocks: blocks under -70 LUFS are dropped, then those more than 10 LU
/// under the loudness of the rest.
public enum GatedLoudness {
  /// Integrated loudness in LUFS of the signals `analyses` measured, as one programme; nil for silence.
  public static func integrated(_ analyses: [SignalAnalysis]) -> Double? {
    let blocks = analyses.flatMap(\.momentary.decibels).filter { $0 > -70 }
    guard let relativeGate = loudness(of: blocks).map({ $0 - 10 }) else { return nil }
    return loudness(of: blocks.filter { $0 > relativeGate })
  }

  /// The loudness of the mean energy of `blocks`.
  private static func loudness(of blocks: [Double]) -> Double? {
    guard !blocks.isEmpty else { return nil }
    let meanEnergy = blocks.reduce(0.0) { $0 + pow(10, ($1 + 0.691) / 10) } / Double(blocks.count)
    return -0.691 + 10 * log10(meanEnergy)
  }
}
