/// Interleaved float frames waiting to be read: appended at the back, read and dropped from the
/// front, in one `SampleBuffer` that grows as needed and is reused.
package final class SampleQueue {
  private let buffer: SampleBuffer
  /// The frames waiting: `start..<end` of the buffer's frames.
  private var start = 0
  private var end = 0
  package var channelCount: Int { buffer.channelCount }

  package init(channelCount: Int) { buffer = SampleBuffer(channelCount: channelCount, frameCapacity: 8192) }

  /// Frames waiting.
  package var frameCount: Int { end - start }

  /// Adds interleaved samples (whole frames) at the back.
  package func append(_ samples: some Collection<Float>) {
    let frames = samples.count / channelCount
    reserve(frames)
    _ = UnsafeMutableBufferPointer(rebasing: buffer.storage[(end * channelCount)...]).initialize(from: samples)
    end += frames
  }

  /// The first `frames` frames, valid until the queue next changes.
  package func front(frames: Int) -> UnsafeBufferPointer<Float> { buffer.frames(start..<(start + frames)) }

  /// Drops up to `frames` frames from the front.
  package func drop(frames: Int) { start = min(end, start + frames) }

  package func removeAll() { (start, end) = (0, 0) }

  /// Cuts the queue to `frames` frames, or pads it with silence to that many.
  package func resize(frames: Int) {
    reserve(max(0, frames - frameCount))
    if start + frames > end { buffer.storage[(end * channelCount)..<((start + frames) * channelCount)].update(repeating: 0) }
    end = start + frames
  }

  /// Makes room for `frames` more frames at the back, moving what waits to the front first.
  private func reserve(_ frames: Int) {
    buffer.moveToFront(from: start, count: frameCount)
    (start, end) = (0, frameCount)
    buffer.reserve(frames: end + frames)
  }
}
