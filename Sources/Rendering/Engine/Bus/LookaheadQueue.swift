import SampleBlocks

/// Mixed blocks held back until the bus has the frames after them that it must see (its
/// look-ahead); with no look-ahead each block leaves as soon as it is mixed. The mixer mixes
/// straight into the queue's pooled blocks (`block(frames:mixing:)`), which leave it as they are.
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

  /// A block of `frames` frames in one of the queue's buffers, which `mix` writes (every sample).
  func block<Failure: Error>(
    frames: Int, mixing mix: (UnsafeMutableBufferPointer<Float>) throws(Failure) -> Void
  ) throws(Failure) -> SampleBlock {
    try pool.block(count: frames * channels, filling: mix)
  }

  /// Holds `block`, a block made by `block(frames:mixing:)`, whose first frame is `firstFrame`.
  func append(_ block: SampleBlock, firstFrame: Int64, exact: Bool) {
    if !blocks.isEmpty { framesAfterFirst += block.samples.count / channels }
    blocks.append(MixedBlock(samples: block, firstFrame: firstFrame, exact: exact))
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
