/// The samples one call to the limiter sees: its block, then the look-ahead after it, with
/// silence before the signal's start and after its end. Frames are counted from the block's first.
struct LimiterInput {
  let block: UnsafeBufferPointer<Float>
  let upcoming: UnsafeBufferPointer<Float>
  let channelCount: Int

  var blockFrames: Int { block.count / channelCount }

  /// The largest |sample| of any channel in `frames`.
  func peak(_ frames: Range<Int>) -> Float {
    let (inBlock, inUpcoming) = parts(frames)
    return max(
      largestMagnitude(UnsafeBufferPointer(rebasing: block[(inBlock.lowerBound * channelCount)..<(inBlock.upperBound * channelCount)])),
      largestMagnitude(UnsafeBufferPointer(rebasing: upcoming[(inUpcoming.lowerBound * channelCount)..<(inUpcoming.upperBound * channelCount)])))
  }

  /// The largest |sample| of any channel in one frame.
  func framePeak(_ frame: Int) -> Float {
    var peak: Float = 0
    for channel in 0..<channelCount { peak = max(peak, abs(sample(frame, channel))) }
    return peak
  }

  /// Copies one channel's samples of `frames` into `destination`: the block's and the
  /// look-ahead's where they lie, silence elsewhere.
  func copy(channel: Int, frames: Range<Int>, into destination: UnsafeMutablePointer<Float>) {
    destination.update(repeating: 0, count: frames.count)
    let (inBlock, inUpcoming) = parts(frames)
    let channelCount = channelCount
    func copy(_ part: Range<Int>, of source: UnsafeBufferPointer<Float>, startingAt frame: Int) {
      let target = destination + (part.lowerBound + frame - frames.lowerBound)
      for index in part.indices { target[index - part.lowerBound] = source[index * channelCount + channel] }
    }
    copy(inBlock, of: block, startingAt: 0)
    copy(inUpcoming, of: upcoming, startingAt: blockFrames)
  }

  /// One sample; zero before the block and after the look-ahead.
  private func sample(_ frame: Int, _ channel: Int) -> Float {
    let blockFrames = blockFrames
    if frame >= 0 && frame < blockFrames { return block[frame * channelCount + channel] }
    let index = (frame - blockFrames) * channelCount + channel
    return frame >= blockFrames && index < upcoming.count ? upcoming[index] : 0
  }

  /// The frames of `frames` inside the block, and (counted from the look-ahead's first) inside the look-ahead.
  private func parts(_ frames: Range<Int>) -> (block: Range<Int>, upcoming: Range<Int>) {
    let blockFrames = blockFrames
    let upcomingFrames = upcoming.count / channelCount
    let inBlock = frames.clamped(to: 0..<blockFrames)
    let inUpcoming = frames.clamped(to: blockFrames..<(blockFrames + upcomingFrames))
    return (inBlock, (inUpcoming.lowerBound - blockFrames)..<(inUpcoming.upperBound - blockFrames))
  }
}
