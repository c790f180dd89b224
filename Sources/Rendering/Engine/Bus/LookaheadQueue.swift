import FFmpegAudio
import SampleBlocks

/// Mixed blocks held back until the bus has the frames after them that it must see (its
/// look-ahead); with no look-ahead each block leaves as soon as it is mixed. The mixer mixes
/// straight into the queue's pooled blocks (`block(frames:mixing:)`), or hands it a clip's
/// integers as the decoder made them, and they leave it as they are.
final class LookaheadQueue {
  /// A block as it came from the mixer.
  struct MixedBlock {
    let samples: MixSamples
    let firstFrame: Int64
    /// True when the block holds source samples bit for bit (no dither needed unless a stage changes it).
    let exact: Bool
  }

  let lookaheadFrames: Int
  let channels: Int
  private var blocks: [MixedBlock] = []
  /// Frames held in every block but the first.
  private var framesAfterFirst = 0
  private let floatPool = SampleBlockPool()
  /// The frames after the block handed out last, as floats, once asked for.
  private var upcoming: [Float] = []

  init(lookaheadFrames: Int, channels: Int) {
    self.lookaheadFrames = lookaheadFrames
    self.channels = channels
    upcoming.reserveCapacity(lookaheadFrames * channels)
  }

  /// A block of `frames` frames in one of the queue's buffers, which `mix` writes (every sample).
  func block<Failure: Error>(
    frames: Int, mixing mix: (UnsafeMutableBufferPointer<Float>) throws(Failure) -> Void
  ) throws(Failure) -> MixSamples {
    .floats(try floatPool.block(count: frames * channels, filling: mix))
  }

  /// A float block in one of the queue's buffers holding `samples` converted.
  func floats(of samples: MixSamples) -> SampleBlock {
    let frames = samples.frameCount(channels: channels)
    return floatPool.block(count: frames * channels) { samples.copyFloats(frames: frames, channels: channels, to: $0.baseAddress!) }
  }

  /// Holds `samples`, a block made by the queue, whose first frame is `firstFrame`.
  func append(_ samples: MixSamples, firstFrame: Int64, exact: Bool) {
    if !blocks.isEmpty { framesAfterFirst += samples.frameCount(channels: channels) }
    blocks.append(MixedBlock(samples: samples, firstFrame: firstFrame, exact: exact))
  }

  /// The oldest block, once the look-ahead is mixed (or, when `mixEnded`, whatever there is); nil
  /// while it must wait. `withUpcoming` then gives the frames after it.
  func next(mixEnded: Bool) -> MixedBlock? {
    guard !blocks.isEmpty, mixEnded || framesAfterFirst >= lookaheadFrames else { return nil }
    let block = blocks.removeFirst()
    framesAfterFirst -= blocks.first.map { $0.samples.frameCount(channels: channels) } ?? 0
    return block
  }

  /// True when every frame the bus sees after the block handed out last is a clip's integers.
  var upcomingIsIntegers: Bool {
    var frames = 0
    for later in blocks where frames < lookaheadFrames {
      guard later.samples.isIntegers else { return false }
      frames += later.samples.frameCount(channels: channels)
    }
    return true
  }

  /// Runs `body` on the frames after the block `next` handed out last, as floats.
  func withUpcoming<Result, Failure: Error>(_ body: (UnsafeBufferPointer<Float>) throws(Failure) -> Result) throws(Failure) -> Result {
    upcoming.removeAll(keepingCapacity: true)
    for later in blocks where upcoming.count < lookaheadFrames * channels {
      let taken = min(later.samples.frameCount(channels: channels), lookaheadFrames - upcoming.count / channels)
      let start = upcoming.count
      upcoming.append(contentsOf: repeatElement(0, count: taken * channels))
      upcoming.withUnsafeMutableBufferPointer { later.samples.copyFloats(frames: taken, channels: channels, to: $0.baseAddress! + start) }
    }
    return try upcoming.withUnsafeBufferPointer { (frames) throws(Failure) -> Result in try body(frames) }
  }
}
