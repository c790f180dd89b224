/// Interleaved float frames waiting to be read: appended at the back, read and dropped from the
/// front, in one buffer that grows as needed and is reused.
final class SampleQueue {
  private var storage: UnsafeMutableBufferPointer<Float>
  private var start = 0
  private var end = 0
  let channelCount: Int

  init(channelCount: Int) {
    self.channelCount = channelCount
    storage = .allocate(capacity: 8192 * channelCount)
  }

  /// Frames waiting.
  var frameCount: Int { (end - start) / channelCount }

  /// Adds interleaved samples at the back.
  func append(_ samples: some Collection<Float>) {
    reserve(samples.count)
    _ = UnsafeMutableBufferPointer(rebasing: storage[end..<(end + samples.count)]).initialize(from: samples)
    end += samples.count
  }

  /// The first `frames` frames, valid until the queue next changes.
  func front(frames: Int) -> UnsafeBufferPointer<Float> {
    UnsafeBufferPointer(rebasing: storage[start..<(start + frames * channelCount)])
  }

  /// Drops up to `frames` frames from the front.
  func drop(frames: Int) { start = min(end, start + frames * channelCount) }

  func removeAll() { (start, end) = (0, 0) }

  /// Cuts the queue to `frames` frames, or pads it with silence to that many.
  func resize(frames: Int) {
    let samples = frames * channelCount
    reserve(max(0, samples - (end - start)))
    if start + samples > end { storage[end..<(start + samples)].update(repeating: 0) }
    end = start + samples
  }

  /// Makes room for `samples` more samples at the back, moving what waits to the front first.
  private func reserve(_ samples: Int) {
    if start > 0 {
      let waiting = end - start
      storage.baseAddress!.update(from: storage.baseAddress! + start, count: waiting)
      (start, end) = (0, waiting)
    }
    guard end + samples > storage.count else { return }
    let grown = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(storage.count * 2, end + samples))
    _ = grown.initialize(from: storage[0..<end])
    storage.deallocate()
    storage = grown
  }

  deinit { storage.deallocate() }
}
