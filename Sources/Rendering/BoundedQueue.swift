import Foundation

/// A first-in, first-out queue of bounded length between one producing and one consuming thread.
///
/// `put` waits while the queue is full and `take` while it is empty; `close` wakes both for good,
/// so either side can stop the other.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
  // @unchecked: every stored property is touched only while `condition` is locked.
  private let condition = NSCondition()
  private var elements: [Element] = []
  private var head = 0
  private var isClosed = false
  private let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  /// Appends `element`, waiting for room; false if the queue was closed.
  func put(_ element: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while elements.count - head >= capacity && !isClosed { condition.wait() }
    guard !isClosed else { return false }
    elements.append(element)
    condition.broadcast()
    return true
  }

  /// Removes the oldest element, waiting for one; nil once the queue is closed.
  func take() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while elements.count == head && !isClosed { condition.wait() }
    guard !isClosed else { return nil }
    let element = elements[head]
    head += 1
    if head > 64 && head * 2 > elements.count {
      elements.removeFirst(head)
      head = 0
    }
    condition.broadcast()
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
