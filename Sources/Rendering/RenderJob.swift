import Foundation
import Synchronization

/// A render running on its own thread, for Swift concurrency: its progress as an `AsyncStream`,
/// its result awaited, and cancellation that leaves no file.
///
/// ```swift
/// let job = RenderJob.start(request)
/// for await step in job.progress { print(Int(step.fraction * 100), "%") }
/// let report = try await job.result()
/// ```
public final class RenderJob: Sendable {
  /// Progress updates, ending when the render ends (however it ends).
  public let progress: AsyncStream<RenderProgress>
  private let cancellation = RenderCancellation()
  private let outcome: Task<Result<RenderReport, RenderError>, Never>

  private init(request: RenderRequest) {
    let (stream, continuation) = AsyncStream.makeStream(of: RenderProgress.self, bufferingPolicy: .bufferingNewest(64))
    progress = stream
    let cancellation = cancellation
    outcome = Task.detached {
      let rendering = Mutex<OwnedThread?>(nil)
      // The render's thread has handed over its result when this joins it: the wait is its last steps.
      defer { rendering.withLock { $0 }?.join() }
      return await withCheckedContinuation { (result: CheckedContinuation<Result<RenderReport, RenderError>, Never>) in
        let thread = OwnedThread(name: "segue-render") {
          defer { continuation.finish() }
          result.resume(
            returning: Result { () throws(RenderError) in try Renderer.render(request, cancellation: cancellation) { continuation.yield($0) } })
        }
        rendering.withLock { $0 = thread }
      }
    }
  }

  /// Starts rendering `request` in the background.
  public static func start(_ request: RenderRequest) -> RenderJob { RenderJob(request: request) }

  /// Waits for the render, throwing what `Renderer.render` throws; cancelling the waiting task
  /// cancels the render.
  public func result() async throws(RenderError) -> RenderReport {
    try await withTaskCancellationHandler { await outcome.value } onCancel: { cancel() }.get()
  }

  /// Stops the render; `result()` then throws `RenderError.cancelled` and no file is left.
  public func cancel() { cancellation.cancel() }
}
