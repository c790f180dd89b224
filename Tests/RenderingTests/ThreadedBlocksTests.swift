import Foundation
import SampleBlocks
import Testing

@testable import Rendering

/// Blocks made on another thread arrive whole and in order, then the producer's error once, then
/// nil; a consumer dropped midway stops its producer; and a stream's blocks reuse the buffers of
/// those already taken, each holding exactly its own samples.
@Suite struct ThreadedBlocksTests {
  /// Blocks of `blockFrames` stereo frames counting up from 0, `blockCount` of them (nil: no end),
  /// then an error when `failsAtEnd`.
  final class CountingSource: ClipSamples, @unchecked Sendable {
    // @unchecked: once read ahead, only the reading thread calls `nextBlock`; `made` is locked.
    let blockFrames: Int
    let blockCount: Int?
    let failsAtEnd: Bool
    private var samples: [Float]
    private let lock = NSLock()
    private var madeCount = 0
    var made: Int { lock.withLock { madeCount } }
    var framesDelivered: Int64 { Int64(made * blockFrames) }
    var copiesSamplesExactly: Bool { true }

    init(blockFrames: Int, blockCount: Int?, failsAtEnd: Bool = false) {
      self.blockFrames = blockFrames
      self.blockCount = blockCount
      self.failsAtEnd = failsAtEnd
      samples = [Float](repeating: 0, count: blockFrames * 2)
    }

    /// What the source throws after its last block when `failsAtEnd`.
    static let failure = RenderError.input(InputSource(path: "counting.flac"), .cannotDecode(detail: "the end", atFrame: 0))

    func nextBlock() throws(RenderError) -> UnsafeBufferPointer<Float>? {
      let index = made
      if let blockCount, index == blockCount {
        if failsAtEnd { throw Self.failure }
        return nil
      }
      for i in samples.indices { samples[i] = Float(index * samples.count + i) }
      lock.withLock { madeCount += 1 }
      return samples.withUnsafeBufferPointer { UnsafeBufferPointer(start: $0.baseAddress, count: $0.count) }
    }

    func seek(toFrame frame: Int64) -> Bool { false }
  }

  @Test func blocksArriveInOrderThenTheErrorThenNil() throws {
    let source = CountingSource(blockFrames: 37, blockCount: 5, failsAtEnd: true)
    let reader = ThreadedSamples(readingAhead: source, channels: 2, capacity: 2)
    for index in 0..<5 {
      let block = try #require(try reader.nextBlock())
      #expect(Array(block) == (0..<74).map { Float(index * 74 + $0) })
    }
    #expect(reader.framesDelivered == 5 * 37)
    #expect { try reader.nextBlock() } throws: { "\($0)" == "\(CountingSource.failure)" }
    #expect(try reader.nextBlock() == nil)
  }

  @Test func droppingTheReaderStopsItsProducer() throws {
    var source: CountingSource? = CountingSource(blockFrames: 64, blockCount: nil)
    weak let released = source
    var reader: ThreadedSamples? = ThreadedSamples(readingAhead: source!, channels: 2, capacity: 4)
    source = nil
    _ = try reader?.nextBlock()
    _ = try reader?.nextBlock()
    reader = nil
    // Letting go of the reader closes its queue and joins the producer, which has let go of the
    // source by then; blocked in a full queue, it would never return.
    #expect(released == nil, "the producer still holds the source")
  }

  @Test func aStreamReusesTheBuffersOfBlocksTaken() {
    let pool = SampleBlockPool()
    let first: [Float] = (0..<100).map(Float.init)
    var block: SampleBlock? = first.withUnsafeBufferPointer { pool.block(copying: $0) }
    #expect(pool.spareCount == 0)
    block = nil
    #expect(pool.spareCount == 1)
    let second: [Float] = (0..<60).map { Float(-$0) }
    let reused = second.withUnsafeBufferPointer { pool.block(copying: $0) }
    #expect(pool.spareCount == 0)
    #expect(Array(reused.samples) == second)
    _ = block
  }

  /// Blocks of a decoder vary in length: the pool settles on as many buffers as were alive at
  /// once, each holding its own block's samples, however the lengths come; a block longer than
  /// the pool keeps gets a buffer of its own.
  @Test func blocksOfVaryingLengthsSettleOnAFewBuffers() {
    let pool = SampleBlockPool()
    var alive: [SampleBlock] = []
    for index in 0..<400 {
      let length = [60, 100, 37, 150, 80][index % 5] + index / 100
      let samples = (0..<length).map { Float(index * 1000 + $0) }
      alive.append(samples.withUnsafeBufferPointer { pool.block(copying: $0) })
      #expect(Array(alive.last!.samples) == samples)
      if alive.count > 4 { alive.removeFirst() }
    }
    let long = [Float](repeating: 0.5, count: SampleBlockPool.defaultLongestPooled + 1)
    _ = long.withUnsafeBufferPointer { pool.block(copying: $0) }
    alive.removeAll()
    // Five alive at most (one made while four wait), all as long as the longest block.
    #expect(pool.spareCount == 5)
  }

}
