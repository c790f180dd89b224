import Foundation

/// A thread of its own that works through the items handed to it, in order, and concludes once
/// told they are all there. Whoever owns the worker owns the thread: dropping the worker before
/// `finish` stops it and waits for it to end.
final class BackgroundWorker<Item: Sendable, Outcome> {
  private let job: Job
  private let thread: OwnedThread

  /// Starts the thread, `name`d for debuggers; up to `capacity` items wait for it.
  init(name: String, capacity: Int, work: @escaping (Item) -> Void, conclude: @escaping () -> Outcome) {
    let job = Job(items: BoundedQueue(capacity: capacity), work: work, conclude: conclude)
    self.job = job
    thread = OwnedThread(name: name) { job.run() }
  }

  /// A render that stops early never calls `finish`: the queue is closed here, and the thread
  /// joined once it has stopped.
  deinit { job.items.close() }

  /// Hands `item` over, waiting while `capacity` items wait already.
  func add(_ item: Item) { _ = job.items.put(item) }

  /// What the work came to, once every item has been worked through; call once.
  func finish() -> Outcome {
    job.items.finish()
    thread.join()
    return job.outcome!
  }

  /// What the thread works on: `work` and `conclude` run on that thread alone, and `outcome` is
  /// written before the thread ends and read only after it is joined.
  private final class Job: @unchecked Sendable {
    let items: BoundedQueue<Item>
    var outcome: Outcome?
    private let work: (Item) -> Void
    private let conclude: () -> Outcome

    init(items: BoundedQueue<Item>, work: @escaping (Item) -> Void, conclude: @escaping () -> Outcome) {
      self.items = items
      self.work = work
      self.conclude = conclude
    }

    func run() {
      while let item = items.take() { work(item) }
      outcome = conclude()
    }
  }
}
