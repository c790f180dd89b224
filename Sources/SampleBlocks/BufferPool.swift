import Foundation
import Synchronization

/// Samples (or bytes) in a buffer of their own, handed from one thread to another as they are.
package final class PooledBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
  // @unchecked: the producer fills the buffer before handing it on, and only reads follow.
  package let samples: UnsafeMutableBufferPointer<Element>
  /// The whole buffer, which may be longer than `samples`; given back to `pool` when this goes,
  /// or freed where there is none.
  private let storage: UnsafeMutableBufferPointer<Element>
  private let pool: BufferPool<Element>?

  fileprivate init(samples: UnsafeMutableBufferPointer<Element>, storage: UnsafeMutableBufferPointer<Element>, pool: BufferPool<Element>?) {
    self.samples = samples
    self.storage = storage
    self.pool = pool
  }

  deinit {
    if let pool { pool.giveBack(storage) } else { storage.deallocate() }
  }
}

/// Interleaved float samples in a buffer of their own.
package typealias SampleBlock = PooledBuffer<Float>
/// The buffers of one stream of sample blocks.
package typealias SampleBlockPool = BufferPool<Float>

/// The buffers of one stream of `PooledBuffer`s, given back as each is released and used again
/// for the next, so that a stream allocates no more buffers than it ever had alive at once
/// (which its queue's capacity bounds). Allocating each block afresh costs more than copying
/// into it: a queue drained by one thread and refilled by another frees and allocates many
/// blocks at a time, and the freed memory goes back to the system and returns as new pages, a
/// page fault each.
package final class BufferPool<Element: BitwiseCopyable>: @unchecked Sendable {
  // @unchecked: `spare` and `bufferLength` are touched only while `lock` is held.
  private let lock = NSLock()
  private var spare: [UnsafeMutableBufferPointer<Element>] = []
  /// The length of every buffer made: the longest block asked for so far. Blocks of a decoder
  /// vary in length; buffers of one length serve them all, so a stream of them settles on as
  /// many buffers as it has blocks alive at once, and a buffer made before a longer block came
  /// is freed instead of kept.
  private var bufferLength = 1
  /// The longest block given a buffer from the pool (`defaultLongestPooled` unless told). A rare
  /// longer one (a long run of silence, a whole splice) gets a buffer of its own, freed with it,
  /// so that it does not make every later buffer as long.
  package let longestPooled: Int
  /// 256 KiB: a block of samples of the mix and more.
  package static var defaultLongestPooled: Int { (256 << 10) / MemoryLayout<Element>.stride }

  /// A pool keeping buffers of blocks up to `longestPooled` elements long.
  package init(longestPooled: Int = defaultLongestPooled) { self.longestPooled = longestPooled }

  /// A block holding a copy of `source`, in a spare buffer when there is one.
  package func block(copying source: UnsafeBufferPointer<Element>) -> PooledBuffer<Element> {
    block(count: source.count) { _ = $0.initialize(fromContentsOf: source) }
  }

  /// A block of `count` elements, in a spare buffer when there is one, holding whatever that
  /// buffer last held: for a caller that writes each part before it reads it.
  package func block(count: Int) -> PooledBuffer<Element> { block(count: count) { _ in } }

  /// A block of `count` elements, in a spare buffer when there is one, which `fill` writes in
  /// place (every element of it); a buffer `fill` throws from is kept for the next block.
  package func block<Failure: Error>(
    count: Int, filling fill: (UnsafeMutableBufferPointer<Element>) throws(Failure) -> Void
  ) throws(Failure) -> PooledBuffer<Element> {
    let pooled = count <= longestPooled
    let storage = pooled ? takeSpare(forLength: count) : allocate(count)
    let block = PooledBuffer(samples: UnsafeMutableBufferPointer(rebasing: storage[0..<count]), storage: storage, pool: pooled ? self : nil)
    try fill(block.samples)
    return block
  }

  /// A spare buffer, or a new one, of at least `length` elements.
  private func takeSpare(forLength length: Int) -> UnsafeMutableBufferPointer<Element> {
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
    return allocate(newLength)
  }

  /// A new buffer, counted in `RenderBuffers`.
  private func allocate(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
    RenderBuffers.allocated.add(1, ordering: .relaxed)
    return .allocate(capacity: count)
  }

  /// Keeps `buffer` for a later block, unless it is shorter than the blocks now are.
  fileprivate func giveBack(_ buffer: UnsafeMutableBufferPointer<Element>) {
    lock.lock()
    let kept = buffer.count >= bufferLength
    if kept { spare.append(buffer) }
    lock.unlock()
    if !kept { buffer.deallocate() }
  }

  /// How many buffers wait to be used again.
  package var spareCount: Int { lock.withLock { spare.count } }

  deinit { for buffer in spare { buffer.deallocate() } }
}

/// How many block buffers the pools of this process have allocated (a pool's miss: no spare
/// buffer to reuse), so that tests (and anyone curious) can see that a running render allocates
/// none once its pools have filled.
public enum RenderBuffers {
  fileprivate static let allocated = Atomic<Int>(0)

  /// Block buffers allocated so far, by every render in the process.
  public static var allocatedCount: Int { allocated.load(ordering: .relaxed) }
}
