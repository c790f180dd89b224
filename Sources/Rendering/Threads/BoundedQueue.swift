import Foundation

/// A first-in, first-out queue of bounded length between one producing and one consuming thread.
///
/// `put` waits while the queue is full and `take` while it is empty. A waiting side is woken in
/// batches, not per element: a full queue wakes its producer once it has drained to half, an
/// empty one wakes its consumer once it has filled to half (or its producer calls `finish`). Each
/// wake is a system call and a context switch, so waking per element, with one side always
/// faster, costs the slower side a few percent of its time. `close` wakes both for good, so
/// either side can stop the other.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
  // @unchecked: every stored property is touched only while `condition` is locked.
  private let condition = NSCondition()
  /// A ring of `capacity` slots: the elements waiting from `head` on, `count` of them. A taken
  /// element's slot is emptied at once, so the queue keeps nothing alive that it handed out.
  private var slots: [Element?]
  private var head = 0
  private var count = 0
  private var isClosed = false
  private var isFinished = false
  private let capacity: Int

  /// A queue holding at most `capacity` elements, at least 2.
  init(capacity: Int) {
    precondition(capacity >= 2, "a bounded queue needs room for two elements")
    self.capacity = capacity
    slots = Array(repeating: nil, count: capacity)
  }

  /// How full the queue is when a waiting side is woken.
  private var halfFull: Int { capacity / 2 }

  /// Appends `element`, waiting for room; false if the queue was closed.
  func put(_ element: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while count >= capacity && !isClosed { condition.wait() }
    guard !isClosed else { return false }
    slots[(head + count) % capacity] = element
    count += 1
    if count == halfFull { condition.broadcast() }
    return true
  }

  /// True once the producer has said no more elements will come (or the queue was closed).
  var hasFinished: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isFinished || isClosed
  }

  /// True once either side has closed the queue: a producer with long work before its next `put`
  /// asks this to stop early.
  var wasClosed: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isClosed
  }

  /// Says no more elements will come: `take` returns what is left, then nil.
  func finish() {
    condition.lock()
    isFinished = true
    condition.broadcast()
    condition.unlock()
  }

  /// Removes the oldest element, waiting for one; nil once the queue is closed, or finished and empty.
  func take() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while count == 0 && !isFinished && !isClosed { condition.wait() }
    guard !isClosed, count > 0 else { return nil }
    let element = slots[head].take()!
    head = (head + 1) % capacity
    count -= 1
    if count == halfFull { condition.broadcast() }
    return element
  }

  /// Stops the queue: waiting and later calls of `put` and `take` return at once.
  func close() {
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }
}
