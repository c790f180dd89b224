import AudioTestSupport
import FuzzSupport
import Testing

/// A few thousand mutated inputs per parser: none crashes or hangs (`FuzzWatch` ends the process
/// and names the input if one does), each is read or refused with the parser's own error, and
/// none takes more than `slowestToMean` times the mean input's time (a measure that holds on a
/// slow machine as on a fast one).
@Suite(.serialized) struct FuzzTests {
  /// Inputs per parser: enough to reach every mutation many times, few enough for a debug build.
  static let count = 2000
  /// How many times the mean input's time one input may take. The XSPF parser that was quadratic
  /// in its nesting took 9.2 s on one input where the mean was well under a millisecond (over
  /// 10,000 times); the slowest today is a 50 KB time string at about 470 times, linear in its
  /// length.
  static let slowestToMean = 2000.0

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
    #expect(report.slowestToMean < Self.slowestToMean, "\(report): \(Int(report.slowestToMean))x the mean", sourceLocation: sourceLocation)
  }
}
