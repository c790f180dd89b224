import Foundation

/// Runs a parser over the numbered inputs of a seeded run, timing each in the CPU time of its own
/// thread (which other work on the machine does not lengthen), while `FuzzWatch` names the input
/// of any crash or hang.
public enum FuzzRunner {
  /// Parses inputs `0..<count` of `target`'s run with `seed`; an input taking longer than
  /// `hangSeconds` ends the process as a hang.
  public static func run(_ target: FuzzTarget, count: Int, seed: UInt64, hangSeconds: Double = 10) -> FuzzReport {
    let inputs = FuzzInputs(seeds: target.seeds, seed: seed)
    var report = FuzzReport(target: target.name)
    FuzzWatch.begin(run: "\(target.name), seed \(seed)", hangSeconds: hangSeconds)
    let start = threadNanoseconds()
    for number in 0..<count {
      let input = inputs.input(number)
      let before = threadNanoseconds()
      FuzzWatch.parsing(number)
      let outcome = target.parse(input)
      FuzzWatch.parsed()
      let seconds = Double(threadNanoseconds() - before) / 1e9
      if seconds > report.slowest.seconds { report.slowest = (number, seconds) }
      report.inputs += 1
      switch outcome {
      case .value: report.values += 1
      case .refused: report.refusals += 1
      }
    }
    report.seconds = Double(threadNanoseconds() - start) / 1e9
    // The slowest input timed again, the best of three: a cold cache once is no slow parse.
    let slowest = inputs.input(report.slowest.index)
    report.slowest.seconds = (0..<3).map { _ in
      let before = threadNanoseconds()
      _ = target.parse(slowest)
      return Double(threadNanoseconds() - before) / 1e9
    }.min() ?? report.slowest.seconds
    return report
  }

  /// The CPU time this thread has used, in nanoseconds.
  static func threadNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
