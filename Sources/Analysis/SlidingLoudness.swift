import Foundation

/// Momentary (400 ms) and short-term (3 s) loudness from the energies of consecutive 100 ms blocks.
///
/// libebur128 can report both itself, but each report sums every sample of its window again: read
/// every 100 ms, the short-term one alone costs half as much as the 4x true peak. Both windows are
/// whole numbers of 100 ms blocks, so the mean of the last 4 or 30 block energies is the same value.
/// Blocks before the first count as silence, as in libebur128.
struct SlidingLoudness {
  /// The last 30 block energies, oldest overwritten first.
  private var energies = [Double](repeating: 0, count: 30)
  private var next = 0

  /// Adds the next block's energy: its K-weighted mean square, channel weights applied.
  mutating func append(_ energy: Double) {
    energies[next] = energy
    next = (next + 1) % energies.count
  }

  /// The loudness of the last 4 blocks, in LUFS (-inf for silence).
  var momentary: Double { loudness(ofLast: 4) }

  /// The loudness of the last 30 blocks, in LUFS (-inf for silence).
  var shortTerm: Double { loudness(ofLast: 30) }

  private func loudness(ofLast count: Int) -> Double {
    let sum = (1...count).reduce(0.0) { $0 + energies[(next - $1 + energies.count) % energies.count] }
    return SlidingLoudness.loudness(ofEnergy: sum / Double(count))
  }

  /// BS.1770's loudness of a mean energy, in LUFS (-inf for silence).
  static func loudness(ofEnergy energy: Double) -> Double { energy > 0 ? -0.691 + 10 * log10(energy) : -.infinity }
}
