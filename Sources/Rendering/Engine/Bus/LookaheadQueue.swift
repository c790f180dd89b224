/// Mixed blocks held back until the bus has the frames after them that it must see (its
/// look-ahead); with no look-ahead each block leaves as soon as it is mixed.
struct LookaheadQueue {
  /// A block as it came from the mixer.
  struct MixedBlock {
    var samples: [Float]
    let firstFrame: Int64
    /// True when the block holds source samples bit for bit (no dither needed unless a stage changes it).
    let exact: Bool
  }

  let lookaheadFrames: Int
  let channels: Int
  private var blocks: [MixedBlock] = []
  /// Frames held in every block but the first.
  private var framesAfterFirst = 0

  init(lookaheadFrames: Int, channels: Int) {
    self.lookaheadFrames = lookaheadFrames
    self.channels = channels
  }

  mutating func append(_ samples: UnsafeBufferPointer<Float>, firstFrame: Int64, exact: Bool) {
    if !blocks.isEmpty { framesAfterFirst += samples.count / channels }
    blocks.append(MixedBlock(samples: Array(samples), firstFrame: firstFrame, exact: exact))
  }

  /// The oldest block and the frames after it, once the look-ahead is mixed (or, when `mixEnded`,
  /// whatever there is); nil while it must wait.
  mutating func next(mixEnded: Bool) -> (block: MixedBlock, upcoming: [Float])? {
    guard !blocks.isEmpty, mixEnded || framesAfterFirst >= lookaheadFrames else { return nil }
    let block = blocks.removeFirst()
    var upcoming: [Float] = []
    if lookaheadFrames > 0 {
      upcoming.reserveCapacity(lookaheadFrames * channels)
      for later in blocks where upcoming.count < lookaheadFrames * channels {
        upcoming += later.samples.prefix(lookaheadFrames * channels - upcoming.count)
      }
    }
    framesAfterFirst -= blocks.first.map { $0.samples.count / channels } ?? 0
    return (block, upcoming)
  }
}
