import AudioTestSupport
import FuzzSupport
import Testing

/// A few thousand mutated inputs per parser: none crashes or hangs (`FuzzWatch` ends the process
/// and names the input if one does), each is read or refused with the parser's own error, and
/// none takes longer than the budget.
@Suite(.serialized) struct FuzzTests {
  /// Inputs per parser: enough to reach every mutation many times, few enough for a debug build.
  static let count = 2000
  /// The longest one input may take in a debug build.
  static let budgetSeconds = 1.0

  @Test(arguments: FuzzTarget.playlistParsers.map(\.name).filter { $0 != FuzzTarget.yamlNumbers.name })
  func playlistParser(_ name: String) {
    let target = FuzzTarget.playlistParsers.first { $0.name == name }!
    check(FuzzRunner.run(target, count: Self.count, seed: 11))
  }

  @Test func playlistFile() {
    let folder = TemporaryFolder("segue-fuzz")
    check(FuzzRunner.run(.playlistFile(in: folder.path), count: Self.count / 2, seed: 12))
  }

  @Test func yamlNumbers() {
    check(FuzzRunner.run(.yamlNumbers, count: Self.count / 2, seed: 14))
  }

  @Test func containerReaders() throws {
    let folder = TemporaryFolder("segue-fuzz")
    for target in FuzzTarget.containerReaders(try MediaSeeds.make(in: folder.path), folder: folder.path) {
      check(FuzzRunner.run(target, count: Self.count, seed: 13))
    }
  }

  private func check(_ report: FuzzReport, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(report.values + report.refusals == report.inputs, sourceLocation: sourceLocation)
    #expect(report.values > 0, "\(report)", sourceLocation: sourceLocation)
    #expect(report.refusals > 0, "\(report)", sourceLocation: sourceLocation)
    #expect(report.slowest.seconds < Self.budgetSeconds, "\(report)", sourceLocation: sourceLocation)
  }
}
