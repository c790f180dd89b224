import Foundation

/// Blocks of interleaved samples made on a thread of its own and taken, in order, on the thread
/// that plays them: the producer runs beside the rest of the render instead of before it.
///
/// The producer gets the queue to fill; it puts each block, or the error it stopped on, and
/// `finish`es. Dropping the consumer closes the queue, which stops the producer at its next `put`.
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
  /// The block handed out last, kept until the next call.
  private var handedOut: SampleBlock?

  /// Starts `produce` on a thread named `name`, with room for `capacity` blocks between the two.
  init(capacity: Int, name: String, produce: @escaping @Sendable (BoundedQueue<Block>) -> Void) {
    let queue = BoundedQueue<Block>(capacity: capacity)
    self.queue = queue
    let thread = Thread { produce(queue) }
    thread.name = name
    thread.start()
  }

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

/// Interleaved samples in a buffer of their own, handed from one thread to another as they are.
final class SampleBlock: @unchecked Sendable {
  // @unchecked: the producer fills the buffer before handing the block on, and only reads follow.
  let samples: UnsafeMutableBufferPointer<Float>
  /// The whole buffer, which may be longer than `samples`; given back to `pool` when the block
  /// goes, or freed where there is none.
  private let storage: UnsafeMutableBufferPointer<Float>
  private let pool: SampleBlockPool?

  fileprivate init(samples: UnsafeMutableBufferPointer<Float>, storage: UnsafeMutableBufferPointer<Float>, pool: SampleBlockPool?) {
    self.samples = samples
    self.storage = storage
    self.pool = pool
  }

  deinit {
    if let pool { pool.giveBack(storage) } else { storage.deallocate() }
  }
}

/// The buffers of one stream of `SampleBlock`s, given back as each block is released and used
/// again for the next, so that a stream allocates no more buffers than it ever had blocks alive
/// at once (which its queue's capacity bounds). Allocating each block afresh costs more than
/// copying into it: a queue drained by one thread and refilled by another frees and allocates
/// many blocks at a time, and the freed memory goes back to the system and returns as new
/// pages, a page fault each.
final class SampleBlockPool: @unchecked Sendable {
  // @unchecked: `spare` and `bufferLength` are touched only while `lock` is held.
  private let lock = NSLock()
  private var spare: [UnsafeMutableBufferPointer<Float>] = []
  /// The length of every buffer made: the longest block asked for so far. Blocks of a decoder
  /// vary in length; buffers of one length serve them all, so a stream of them settles on as
  /// many buffers as it has blocks alive at once, and a buffer made before a longer block came
  /// is freed instead of kept.
  private var bufferLength = 1
  /// The longest block given a buffer from the pool: 256 KiB. A rare longer one (a long run of
  /// silence, a whole splice) gets a buffer of its own, freed with it, so that it does not make
  /// every later buffer as long.
  static let longestPooled = 1 << 16

  /// A block holding a copy of `source`, in a spare buffer when there is one.
  func block(copying source: UnsafeBufferPointer<Float>) -> SampleBlock {
    let pooled = source.count <= Self.longestPooled
    let storage = pooled ? takeSpare(forLength: source.count) : .allocate(capacity: source.count)
    let samples = UnsafeMutableBufferPointer(rebasing: storage[0..<source.count])
    _ = samples.initialize(fromContentsOf: source)
    return SampleBlock(samples: samples, storage: storage, pool: pooled ? self : nil)
  }

  /// A spare buffer, or a new one, of at least `length` floats.
  private func takeSpare(forLength length: Int) -> UnsafeMutableBufferPointer<Float> {
    lock.lock()
    bufferLength = max(bufferLength, length)
    while let buffer = spare.popLast() {
      if buffer.count >= bufferLength {
        lock.unlock()
        return buffer
      }
      buffer.deallocate()
    }
    let newLength = bufferLength
    lock.unlock()
    return .allocate(capacity: newLength)
  }

  /// Keeps `buffer` for a later block, unless it is shorter than the blocks now are.
  fileprivate func giveBack(_ buffer: UnsafeMutableBufferPointer<Float>) {
    lock.lock()
    let kept = buffer.count >= bufferLength
    if kept { spare.append(buffer) }
    lock.unlock()
    if !kept { buffer.deallocate() }
  }

  /// How many buffers wait to be used again.
  var spareCount: Int { lock.withLock { spare.count } }

  deinit { for buffer in spare { buffer.deallocate() } }
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
