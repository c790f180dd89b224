import AudioTestSupport
import Composition
import Foundation
import Rendering
import Testing

/// Issue 29's must-shows on its test set (`TempoTestSet`): the exact tempo on every straight style,
/// an octave only where one is allowed (with the true tempo among the candidates), no wrong tempo
/// reported sure, and every sure grid's beats on the true beats.
@Suite struct TempoTestSetTests {
  typealias Analysed = (entry: TempoTestSet.Entry, path: String, tempo: AnalysisReport.Tempo?)

  static func analysed() throws -> [Analysed] { try TempoTestSet.analysed.get().tracks }

  /// How a found tempo relates to the truth: 1 (exact), 0.5 or 2 (an octave), or nil (wrong).
  static func octave(of found: Double, truth: Double) -> Double? {
    [1, 0.5, 2].first { abs(found - truth * $0) <= 0.05 * max(1, $0) }
  }

  @Test func everyStyleGetsItsTempoOrAnAllowedOctave() throws {
    for (entry, _, tempo) in try Self.analysed() {
      let name = entry.track.name
      let truth = entry.track.beatsPerMinute
      let found = tempo?.beatsPerMinute
      switch entry.allowed {
      case .exact:
        #expect(found.map { abs($0 - truth) <= 0.05 } == true, "\(name): \(found.map { "\($0)" } ?? "no tempo") BPM, not \(truth)")
      case .exactOrOctave:
        let factor = found.flatMap { Self.octave(of: $0, truth: truth) }
        #expect(factor != nil, "\(name): \(found.map { "\($0)" } ?? "no tempo") BPM, not \(truth) or an octave of it")
        let candidates = tempo?.candidates.map(\.beatsPerMinute) ?? []
        #expect(candidates.contains { abs($0 - truth) <= 0.05 }, "\(name): the candidates \(candidates) leave out \(truth)")
      case .unsteady:
        #expect(tempo?.sure != true, "\(name): \(found ?? 0) BPM reported sure (\(tempo?.confidence ?? 0))")
      }
    }
  }

  @Test func noWrongTempoIsReportedSure() throws {
    var sure = 0
    for (entry, _, tempo) in try Self.analysed() {
      guard let tempo, let found = tempo.beatsPerMinute else { continue }
      let right = entry.allowed != .unsteady && Self.octave(of: found, truth: entry.track.beatsPerMinute) != nil
      if tempo.sure { sure += 1 }
      #expect(right || !tempo.sure, "\(entry.track.name): \(found) BPM is wrong, yet sure (confidence \(tempo.confidence))")
      #expect(right || tempo.confidence < BeatGrid.sureConfidence)
    }
    // The threshold leaves most of the set sure, or it would say nothing.
    #expect(sure >= 14, "only \(sure) tracks sure")
  }

  @Test func sureGridsHaveTheirBeatsOnTheTrueBeats() throws {
    for (entry, _, tempo) in try Self.analysed() where tempo?.sure == true {
      let found = try #require(tempo?.beats)
      let truth = entry.track.beatTimes
      let name = entry.track.name
      // Measured on the sparser grid: from each of its beats to the nearest of the denser.
      let (from, to) = found.count * 3 / 2 < truth.count ? (found, truth) : (truth.filter { $0 >= found[0] - 0.1 && $0 <= found.last! + 0.1 }, found)
      let errors = from.map { beat in to.map { abs($0 - beat) }.min()! }.sorted()
      let median = errors[errors.count / 2] * 1000
      #expect(median <= 5, "\(name): median beat error \(String(format: "%.1f", median)) ms")
    }
  }

  @Test func analyzeMarksAnUnsureTempo() throws {
    let set = try TempoTestSet.analysed.get()
    let table = set.report.table()
    let row = try #require(table.split(separator: "\n").first { $0.hasSuffix("three-tempos.flac") })
    #expect(row.contains("% ?"), "\(row)")
    #expect(table.contains("? an unsure tempo (confidence under 60%)"))
    let sureRow = try #require(table.split(separator: "\n").first { $0.hasSuffix("/house.flac") })
    #expect(!sureRow.contains("?"))
  }
}
