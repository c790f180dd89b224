import Foundation

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
    block(count: source.count) { _ = $0.initialize(fromContentsOf: source) }
  }

  /// A block of `count` samples, in a spare buffer when there is one, which `fill` writes in
  /// place (every sample of it); a buffer `fill` throws from is kept for the next block.
  func block<Failure: Error>(
    count: Int, filling fill: (UnsafeMutableBufferPointer<Float>) throws(Failure) -> Void
  ) throws(Failure) -> SampleBlock {
    let pooled = count <= Self.longestPooled
    let storage = pooled ? takeSpare(forLength: count) : .allocate(capacity: count)
    let block = SampleBlock(samples: UnsafeMutableBufferPointer(rebasing: storage[0..<count]), storage: storage, pool: pooled ? self : nil)
    try fill(block.samples)
    return block
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
