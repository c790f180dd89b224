import Foundation
import Synchronization

/// How far an analysis has got: files measured (or found in the cache) and the share of the work done.
public struct AnalysisProgress: Sendable, Equatable {
  /// Files measured (or found in the cache) so far.
  public var filesDone: Int
  /// Files the analysis measures in all.
  public var fileCount: Int
  /// From 0 to 1: each file weighs its length, and counts as far as it is decoded (a file whose
  /// header states no length, as MP3 and Ogg, weighs the others' mean and counts when done).
  public var fraction: Double
  /// Wall-clock seconds since the analysis started.
  public var elapsedSeconds: Double

  /// Seconds left at the pace so far; nil until there is a pace to go by.
  public var estimatedSecondsLeft: Double? { ProgressLine.secondsLeft(done: fraction, of: 1, elapsed: elapsedSeconds) }

  /// True once every file is done.
  public var isFinished: Bool { filesDone == fileCount }

  /// The update as one line of JSON: `{"schemaVersion":1,"percent":42.1,"files":3,"totalFiles":12,
  /// "elapsed":…,"eta":…,"done":false}`.
  public var json: String {
    ProgressLine(
      fraction: fraction, elapsedSeconds: elapsedSeconds, secondsLeft: estimatedSecondsLeft, isFinished: isFinished,
      counts: Counts(files: filesDone, totalFiles: fileCount)
    ).json
  }

  /// What an analysis's progress line counts, beside the fields every progress line has.
  private struct Counts: Encodable {
    var files: Int
    var totalFiles: Int
  }
}

/// Collects the inputs' `FactsProgress` from any thread and reports an `AnalysisProgress` at most
/// every `interval` seconds, and once more when every file is done.
final class AnalysisProgressMeter: Sendable {
  private struct State {
    var inputs: [FactsProgress?]
    var filesDone = 0
    var throttle: ReportThrottle
  }

  private let state: Mutex<State>
  private let report: @Sendable (AnalysisProgress) -> Void

  init(fileCount: Int, interval: Double = 0.2, report: @escaping @Sendable (AnalysisProgress) -> Void) {
    state = Mutex(State(inputs: Array(repeating: nil, count: fileCount), throttle: ReportThrottle(interval: interval)))
    self.report = report
  }

  /// Takes one input's news, reporting if enough time has passed or everything is done (under the
  /// lock, so reports from different threads never arrive out of order).
  func update(_ news: FactsProgress) {
    state.withLock { state in
      if news.isDone && state.inputs[news.input]?.isDone != true { state.filesDone += 1 }
      state.inputs[news.input] = news
      guard let elapsed = state.throttle.due(isLast: state.filesDone == state.inputs.count) else { return }
      report(AnalysisProgress(
        filesDone: state.filesDone, fileCount: state.inputs.count, fraction: Self.fraction(state.inputs), elapsedSeconds: elapsed))
    }
  }

  /// The share done, each input weighted by its length (unknown lengths by the known ones' mean).
  private static func fraction(_ inputs: [FactsProgress?]) -> Double {
    let lengths = inputs.compactMap { $0?.seconds }.filter { $0 > 0 }
    let typical = lengths.isEmpty ? 1 : lengths.reduce(0, +) / Double(lengths.count)
    var total = 0.0
    var done = 0.0
    for input in inputs {
      let length = input?.seconds.flatMap { $0 > 0 ? $0 : nil } ?? typical
      total += length
      guard let input else { continue }
      done += input.isDone ? length : input.seconds == nil ? 0 : min(length, input.secondsDone)
    }
    return total > 0 ? min(1, done / total) : 1
  }
}
