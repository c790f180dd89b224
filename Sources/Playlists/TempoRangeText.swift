import Foundation

/// Reads the tempo range a beat is counted in, as `MIN-MAX` in BPM (`70-140`): for DJs who count
/// drum and bass at 174 or at 87. MAX must be at least twice MIN, so every beat has a count in it.
public enum TempoRangeText {
  /// The range `text` gives, or why it gives none (a sentence naming what is wrong).
  public static func range(_ text: String) -> Result<ClosedRange<Double>, Problem> {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), low.isFinite, high.isFinite else {
      return .failure(Problem("must be MIN-MAX in BPM (for example 70-140), not '\(text)'"))
    }
    guard BeatSpec.tempoRange.contains(low), BeatSpec.tempoRange.contains(high) else {
      return .failure(Problem("must lie within 20 to 400 BPM, not '\(text)'"))
    }
    guard high >= 2 * low else { return .failure(Problem("must be at least an octave wide (MAX at least twice MIN), not '\(text)'")) }
    return .success(low...high)
  }

  /// What is wrong with a written range, as the end of a sentence.
  public struct Problem: Error, Equatable {
    /// The problem worded to follow the setting's name, such as "must lie within 20 to 400 BPM, not '10-50'".
    public var text: String
    init(_ text: String) { self.text = text }
  }
}
