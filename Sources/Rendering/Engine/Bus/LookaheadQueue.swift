/// Mixed blocks held back until the bus has the frames after them that it must see (its
/// look-ahead); with no look-ahead each block leaves as soon as it is mixed. Blocks and the
/// frames after them are kept in buffers used again, block after block.
final class LookaheadQueue {
  /// A block as it came from the mixer.
  struct MixedBlock {
    let samples: SampleBlock
    let firstFrame: Int64
    /// True when the block holds source samples bit for bit (no dither needed unless a stage changes it).
    let exact: Bool
  }

  let lookaheadFrames: Int
  let channels: Int
  private var blocks: [MixedBlock] = []
  /// Frames held in every block but the first.
  private var framesAfterFirst = 0
  private let pool = SampleBlockPool()
  /// The frames after the block handed out last.
  private var upcoming: [Float] = []

  init(lookaheadFrames: Int, channels: Int) {
    self.lookaheadFrames = lookaheadFrames
    self.channels = channels
    upcoming.reserveCapacity(lookaheadFrames * channels)
  }

  func append(_ samples: UnsafeBufferPointer<Float>, firstFrame: Int64, exact: Bool) {
    if !blocks.isEmpty { framesAfterFirst += samples.count / channels }
    blocks.append(MixedBlock(samples: pool.block(copying: samples), firstFrame: firstFrame, exact: exact))
  }

  /// The oldest block, once the look-ahead is mixed (or, when `mixEnded`, whatever there is); nil
  /// while it must wait. `upcoming` then gives the frames after it.
  func next(mixEnded: Bool) -> MixedBlock? {
    guard !blocks.isEmpty, mixEnded || framesAfterFirst >= lookaheadFrames else { return nil }
    let block = blocks.removeFirst()
    upcoming.removeAll(keepingCapacity: true)
    if lookaheadFrames > 0 {
      for later in blocks where upcoming.count < lookaheadFrames * channels {
        upcoming += later.samples.samples.prefix(lookaheadFrames * channels - upcoming.count)
      }
    }
    framesAfterFirst -= blocks.first.map { $0.samples.samples.count / channels } ?? 0
    return block
  }

  /// Runs `body` on the frames after the block `next` handed out last.
  func withUpcoming<Result, Failure: Error>(_ body: (UnsafeBufferPointer<Float>) throws(Failure) -> Result) throws(Failure) -> Result {
    let upcoming = self.upcoming
    return try upcoming.withUnsafeBufferPointer { (frames) throws(Failure) -> Result in try body(frames) }
  }
}
