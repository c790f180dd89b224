import Foundation

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
    let error: any Error
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
  func next() throws -> UnsafeBufferPointer<Float>? {
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

/// A clip's samples read ahead on a thread of its own, so that decoding runs beside the work that
/// consumes them (a stretcher, which costs more than the decoding) instead of taking turns with it.
///
/// It reads forward only: `seek` says it cannot.
final class ReadAheadSamples: ClipSamples {
  private let blocks: ThreadedBlocks
  private let channels: Int
  private(set) var framesDelivered: Int64 = 0
  let copiesSamplesExactly: Bool

  /// Starts reading `source` (`channels` interleaved channels), up to `capacity` blocks ahead.
  init(_ source: any ClipSamples, channels: Int, capacity: Int = 32) {
    self.channels = channels
    copiesSamplesExactly = source.copiesSamplesExactly
    let reader = UncheckedReader(source: source)
    let pool = SampleBlockPool()
    blocks = ThreadedBlocks(capacity: capacity, name: "segue-read-ahead") { queue in
      do {
        while let block = try reader.source.nextBlock() {
          guard queue.put(.samples(pool.block(copying: block))) else { return }
        }
      } catch {
        _ = queue.put(.failed(ThreadedBlocks.Failure(error: error)))
      }
      queue.finish()
    }
  }

  func nextBlock() throws -> UnsafeBufferPointer<Float>? {
    guard let block = try blocks.next() else { return nil }
    framesDelivered += Int64(block.count / channels)
    return block
  }

  func seek(toFrame frame: Int64) -> Bool { false }

  /// The source, handed to the reading thread, which alone touches it from then on.
  private struct UncheckedReader: @unchecked Sendable {
    let source: any ClipSamples
  }
}
