import Synchronization

/// A flag that stops a render when set, from any thread (a signal handler, a UI, a task).
///
/// A cancelled render throws `RenderError.cancelled` and leaves no output file behind.
public final class RenderCancellation: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Builds a flag that is not set.
  public init() {}

  /// Asks the render to stop at the next block.
  public func cancel() { flag.store(true, ordering: .relaxed) }

  /// Whether `cancel()` has been called; once set, the flag stays set.
  public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
