import Foundation

/// Runs a parser over the numbered inputs of a seeded run, timing each, while `FuzzWatch` names
/// the input of any crash or hang.
public enum FuzzRunner {
  /// Parses inputs `0..<count` of `target`'s run with `seed`; an input taking longer than
  /// `hangSeconds` ends the process as a hang.
  public static func run(_ target: FuzzTarget, count: Int, seed: UInt64, hangSeconds: Double = 10) -> FuzzReport {
    let inputs = FuzzInputs(seeds: target.seeds, seed: seed)
    var report = FuzzReport(target: target.name)
    FuzzWatch.begin(run: "\(target.name), seed \(seed)", hangSeconds: hangSeconds)
    let start = DispatchTime.now().uptimeNanoseconds
    for number in 0..<count {
      let input = inputs.input(number)
      let before = DispatchTime.now().uptimeNanoseconds
      FuzzWatch.parsing(number)
      let outcome = target.parse(input)
      FuzzWatch.parsed()
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - before) / 1e9
      if seconds > report.slowest.seconds { report.slowest = (number, seconds) }
      report.inputs += 1
      switch outcome {
      case .value: report.values += 1
      case .refused: report.refusals += 1
      }
    }
    report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // The slowest input timed again, the best of three: a thread preempted once is no slow parse.
    let slowest = inputs.input(report.slowest.index)
    report.slowest.seconds = (0..<3).map { _ in
      let before = DispatchTime.now().uptimeNanoseconds
      _ = target.parse(slowest)
      return Double(DispatchTime.now().uptimeNanoseconds - before) / 1e9
    }.min() ?? report.slowest.seconds
    return report
  }
}
