import Foundation
import Playlists
import Rendering
import Synchronization

/// What `segue batch` shows on standard error: a line per item as it ends, and one combined
/// progress line for the items rendering at once (redrawn on a terminal).
final class BatchLog: Sendable {
  private let printer: ProgressPrinter
  private let state = Mutex(State())

  private struct State {
    var running: [Int: (name: String, fraction: Double)] = [:]
    var ended = 0
    var failed = 0
  }

  init(style: ProgressStyle) { printer = ProgressPrinter(style: style) }

  /// Writes `text` as a line of its own.
  func line(_ text: String) { StandardError.shared.writeLine(text) }

  /// The handler of a run's events over `total` items.
  func event(total: Int) -> @Sendable (BatchRun.Event) -> Void {
    let show: (@Sendable (BatchProgress) -> Void)? = printer.callback()
    return { [self] event in
      let update: BatchProgress = self.state.withLock { state in
        switch event {
        case .started(let item, _): state.running[item.index] = (Self.name(item.output), 0)
        case .progress(let item, let progress): state.running[item.index]?.fraction = progress.fraction
        case .finished(let item, let result):
          state.running[item.index] = nil
          state.ended += 1
          if result.status == .failed { state.failed += 1 }
          StandardError.shared.writeLine(Self.describe(result, item: item, ended: state.ended, total: total))
        }
        return BatchProgress(ended: state.ended, total: total, failed: state.failed, running: state.running.sorted { $0.key < $1.key }.map { ($0.key, $0.value.name, $0.value.fraction) })
      }
      // Redrawn as items start and go on; an item's end has a line of its own.
      if case .finished = event { return }
      show?(update)
    }
  }

  /// Closes the progress line and sums the run up.
  func finish(_ results: [BatchResult]) {
    let count = { (status: BatchResult.Status) in results.filter { $0.status == status }.count }
    line("batch: \(count(.rendered)) rendered, \(count(.skipped)) up to date, \(count(.failed)) failed")
  }

  private static func describe(_ result: BatchResult, item: BatchItem, ended: Int, total: Int) -> String {
    let head = "[\(ended)/\(total)] item \(item.index)"
    switch result.status {
    case .rendered: return "\(head): rendered \(item.output) in \(String(format: "%.1f", result.seconds)) s (\(result.reason ?? ""))"
    case .skipped: return "\(head): skipped \(item.output) (\(result.reason ?? "up to date"))"
    case .failed: return "\(head): failed (\(result.errorClass?.rawValue ?? "")): \(result.error ?? "")"
    }
  }

  private static func name(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }
}

/// The combined progress of a batch: items ended, and those rendering now with how far each is.
struct BatchProgress: PrintableProgress {
  var ended: Int
  var total: Int
  var failed: Int
  var running: [(index: Int, name: String, fraction: Double)]

  /// `batch 5/12 done, 1 failed  x.mp3 43%  y.mp3 12%`.
  var line: String {
    let failures = failed > 0 ? ", \(failed) failed" : ""
    let items = running.map { "\($0.name) \(Int($0.fraction * 100))%" }.joined(separator: "  ")
    return "batch \(ended)/\(total) done\(failures)  \(items)"
  }

  var json: String {
    let items = running.map { "{\"index\":\($0.index),\"percent\":\(String(format: "%.1f", $0.fraction * 100))}" }.joined(separator: ",")
    return "{\"schemaVersion\":1,\"done\":\(ended),\"total\":\(total),\"failed\":\(failed),\"running\":[\(items)]}"
  }

  var isFinished: Bool { ended == total }
}
