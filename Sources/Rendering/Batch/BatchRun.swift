import Foundation
import Playlists
import Synchronization

/// Renders a batch's items, `jobs` at a time, skipping those already up to date.
///
/// Each item's request is built by `makeRequest` (the command line parses an item as `render`'s
/// arguments), checked against the record beside its output, rendered, and recorded. Every
/// item ends as one `BatchResult`, handed to `events` and appended to the results log.
public struct BatchRun: Sendable {
  /// The manifest's items to render; results come back in this order.
  public var items: [BatchItem]
  /// Items rendered at once on this machine.
  public var jobs: Int
  /// Render even what is up to date, and replace outputs the batch did not write.
  public var force: Bool
  /// The cores the jobs share: each item's encoder gets `cores / jobs` threads unless it asks.
  public var cores = AvailableCores.count
  /// Builds an item's render request.
  public var makeRequest: @Sendable (BatchItem) throws -> RenderRequest

  /// Builds a run of `items`, `jobs` at a time (at least 1), each item's request built by `makeRequest`.
  public init(items: [BatchItem], jobs: Int, force: Bool, makeRequest: @escaping @Sendable (BatchItem) throws -> RenderRequest) {
    self.items = items
    self.jobs = max(1, jobs)
    self.force = force
    self.makeRequest = makeRequest
  }

  /// What happens as the batch runs.
  public enum Event: Sendable {
    /// An item's render begins (items up to date send none); `reason` says why it is rendered: `new`, what
    /// changed, or that it was forced.
    case started(BatchItem, reason: String)
    /// How far an item's render has come, sent as it renders.
    case progress(BatchItem, RenderProgress)
    /// An item ended, rendered, skipped or failed, with its result as appended to the results log.
    case finished(BatchItem, BatchResult)
  }

  /// Encoder threads for each item that does not set its own.
  public var threadsPerJob: Int { max(1, cores / max(1, min(jobs, items.count))) }

  /// Runs every item and returns their results in the items' order. Results are appended to
  /// `log` as each item ends; an item whose result cannot be appended fails (retryable, unless it
  /// had failed for good already).
  public func run(log: ResultsLog?, cancellation: RenderCancellation, events: @escaping @Sendable (Event) -> Void) -> [BatchResult] {
    let next = Atomic<Int>(0)
    let results = Mutex([Int: BatchResult]())
    let work: @Sendable () -> Void = {
      while !cancellation.isCancelled {
        let position = next.add(1, ordering: .relaxed).oldValue
        guard position < items.count else { return }
        let item = items[position]
        var result = render(item, cancellation: cancellation, events: events)
        if let log {
          do throws(BatchError) { try log.append(result) } catch {
            // The item's own failure, if any, stands (a permanent one stays permanent); a result
            // that could not be kept makes the item retryable.
            result.error = [result.error, error.description].compactMap { $0 }.joined(separator: "; ")
            result.errorClass = result.errorClass ?? .retryable
            result.status = .failed
          }
        }
        results.withLock { $0[position] = result }
        events(.finished(item, result))
      }
    }
    let threads = (0..<min(jobs, items.count)).map { OwnedThread(name: "segue-batch-\($0)", body: work) }
    for thread in threads { thread.join() }
    return results.withLock { stored in items.indices.compactMap { stored[$0] } }
  }

  /// Renders one item, or finds it up to date; never throws: every failure is a result.
  private func render(_ item: BatchItem, cancellation: RenderCancellation, events: @escaping @Sendable (Event) -> Void) -> BatchResult {
    let clock = ContinuousClock.now
    var result = BatchResult(index: item.index, output: item.output, status: .failed, seconds: 0)
    do throws(BatchItemFailure) {
      let outcome = try BatchItemRender(item: item, force: force, threads: threadsPerJob, makeRequest: makeRequest)
        .run(cancellation: cancellation, started: { events(.started(item, reason: $0)) }, progress: { events(.progress(item, $0)) })
      result.status = outcome.report == nil ? .skipped : .rendered
      result.reason = outcome.reason
      result.frames = outcome.record.frames
      result.loudness = outcome.record.loudness
      result.truePeak = outcome.record.truePeak
      result.warnings = outcome.record.warnings ?? []
    } catch {
      result.errorClass = error.failureClass
      result.error = error.message
    }
    result.seconds = ((ContinuousClock.now - clock) / .milliseconds(1)).rounded() / 1000
    return result
  }
}
