import Analysis
import Foundation

/// The output's loudness as it goes: momentary (400 ms) and short-term (3 s) loudness, as EBU
/// R128 defines them, every 100 ms, from what the output meter summed.
public struct LoudnessOverTime: Sendable, Equatable {
  /// Seconds between values.
  public let stepSeconds: Double
  /// Momentary loudness in LUFS at the end of each step; nil for silence (under -70 LUFS) or
  /// before the first 400 ms.
  public let momentary: [Double?]
  /// Short-term loudness in LUFS at the end of each step; nil as `momentary` is, before 3 s.
  public let shortTerm: [Double?]

  /// From the meter's 100 ms energies.
  public init(_ measured: ProgrammeLoudness, sampleRate: Int) {
    stepSeconds = Double(measured.stepFrames) / Double(sampleRate)
    momentary = Self.windowed(measured.stepEnergies, steps: 4)
    shortTerm = Self.windowed(measured.stepEnergies, steps: 30)
  }

  /// The loudness of each window of `steps` energies ending at each step, by a running sum.
  private static func windowed(_ energies: [Double], steps: Int) -> [Double?] {
    var sum = 0.0
    return energies.indices.map { index -> Double? in
      sum += energies[index]
      if index >= steps { sum -= energies[index - steps] }
      guard index >= steps - 1 else { return nil }
      let loudness = -0.691 + 10 * log10(max(sum, 0) / Double(steps))
      return loudness >= -70 ? loudness : nil
    }
  }
}
