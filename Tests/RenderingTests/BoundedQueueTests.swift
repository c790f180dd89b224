import Foundation
import Testing

@testable import Rendering

/// The queue between the mixing and the encoding thread wakes its waiting side in batches; these
/// tests check that batching never loses, reorders or strands an element, whichever side is faster.
@Suite("Bounded queue between two threads")
struct BoundedQueueTests {
  /// Every element arrives once and in order, for small and large queues, with the producer ahead
  /// (the consumer does more work per element) and behind (the producer does).
  @Test(arguments: [(2, true), (3, false), (5, true), (64, true), (64, false)])
  func everyElementArrivesInOrder(capacity: Int, producerIsFaster: Bool) throws {
    let count = 20_000
    let queue = BoundedQueue<Int>(capacity: capacity)
    let producer = Thread {
      for value in 0..<count {
        if !producerIsFaster { Self.busyWork(value) }
        guard queue.put(value) else { return }
      }
      queue.finish()
    }
    producer.start()
    let drained = Self.drain(queue) { if producerIsFaster { Self.busyWork($0) } }
    let received = try #require(drained, "the two threads waited for each other")
    #expect(received.count == count)
    #expect(received.indices.first { received[$0] != $0 } == nil, "an element arrived out of order")
  }

  /// A finished queue holding fewer elements than wake a waiting consumer still gives them all.
  @Test func finishingHandsOverWhatIsLeft() {
    let queue = BoundedQueue<String>(capacity: 64)
    let producer = Thread {
      for word in ["a", "few", "words"] { _ = queue.put(word) }
      queue.finish()
    }
    producer.start()
    #expect(Self.drain(queue) == ["a", "few", "words"])
    #expect(queue.take() == nil)
  }

  /// Closing stops a producer waiting for room, and `take` returns nil from then on.
  @Test func closingStopsBothSides() {
    let capacity = 4
    let queue = BoundedQueue<Int>(capacity: capacity)
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var accepted: [Bool] = []
    let producer = Thread {
      // The last put finds the queue full and waits until `close`.
      accepted = (0...capacity).map { queue.put($0) }
      done.signal()
    }
    producer.start()
    queue.close()
    done.wait()
    #expect(accepted.last == false)
    #expect(queue.take() == nil)
    #expect(queue.put(99) == false)
  }

  /// Takes elements from `queue` on another thread until it ends; nil if that takes over a minute,
  /// which can only mean that the two sides wait for each other (a hang made into a failure).
  private static func drain<Element>(_ queue: BoundedQueue<Element>, each: @escaping @Sendable (Element) -> Void = { _ in }) -> [Element]? {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var received: [Element] = []
    let consumer = Thread {
      while let element = queue.take() {
        each(element)
        received.append(element)
      }
      done.signal()
    }
    consumer.start()
    return done.wait(timeout: .now() + 60) == .success ? received : nil
  }

  /// A little arithmetic the optimizer cannot drop, to make one side slower than the other.
  private static func busyWork(_ seed: Int) {
    var value = UInt64(truncatingIfNeeded: seed) | 1
    for _ in 0..<200 { value = value &* 6_364_136_223_846_793_005 &+ 1 }
    withExtendedLifetime(value) {}
  }
}
