import Foundation
import SampleBlocks

/// Blocks of interleaved samples made on a thread of its own and taken, in order, on the thread
/// that plays them: the producer runs beside the rest of the render instead of before it.
///
/// The producer gets the queue to fill; it puts each block, or the error it stopped on, and
/// `finish`es. Dropping the consumer closes the queue, which stops the producer at its next `put`,
/// and waits for its thread to end.
final class ThreadedBlocks {
  /// What the producing thread hands on: a block of interleaved samples, or why it stopped.
  enum Block: Sendable {
    case samples(SampleBlock)
    case failed(Failure)
  }

  /// An error from the producing thread, carried to the thread that takes the blocks.
  struct Failure: @unchecked Sendable {
    let error: RenderError
  }

  let queue: BoundedQueue<Block>
  private let producer: OwnedThread
  /// The block handed out last, kept until the next call.
  private var handedOut: SampleBlock?

  /// Starts `produce` on a thread named `name`, with room for `capacity` blocks between the two.
  init(capacity: Int, name: String, produce: @escaping @Sendable (BoundedQueue<Block>) -> Void) {
    let queue = BoundedQueue<Block>(capacity: capacity)
    self.queue = queue
    producer = OwnedThread(name: name) { produce(queue) }
  }

  /// Closes the queue, which stops the producer at its next `put`; the producer is joined then.
  deinit { queue.close() }

  /// The next block, waiting for it; nil after the last; the producer's error, if it stopped on one.
  func next() throws(RenderError) -> UnsafeBufferPointer<Float>? {
    handedOut = nil
    switch queue.take() {
    case nil: return nil
    case .failed(let failure): throw failure.error
    case .samples(let block):
      handedOut = block
      return UnsafeBufferPointer(block.samples)
    }
  }
}
