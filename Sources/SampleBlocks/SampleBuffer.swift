/// A reusable, growable buffer of interleaved `Float` samples, kept by one reader (a decoder's
/// output, a queue, a splice's crossfade), so hot loops never allocate.
package final class SampleBuffer {
  package private(set) var storage: UnsafeMutableBufferPointer<Float>
  package let channelCount: Int

  package init(channelCount: Int, frameCapacity: Int = 4096) {
    self.channelCount = channelCount
    storage = .allocate(capacity: frameCapacity * channelCount)
  }

  /// How many sample frames fit without growing.
  package var frameCapacity: Int { storage.count / channelCount }

  /// Grows the buffer, keeping its contents, so that at least `frames` sample frames fit: to
  /// twice its size at least, so a buffer grown step by step copies each frame a few times only.
  package func reserve(frames: Int) {
    guard frames > frameCapacity else { return }
    let grown = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(frames, 2 * frameCapacity) * channelCount)
    _ = grown.initialize(from: storage)
    storage.deallocate()
    storage = grown
  }

  /// Copies `count` sample frames starting at frame `source` to the front of the buffer.
  package func moveToFront(from source: Int, count: Int) {
    guard source > 0, count > 0 else { return }
    let base = storage.baseAddress!
    base.update(from: base + source * channelCount, count: count * channelCount)
  }

  /// The sample frames in `range`, read-only.
  package func frames(_ range: Range<Int>) -> UnsafeBufferPointer<Float> {
    UnsafeBufferPointer(rebasing: storage[(range.lowerBound * channelCount)..<(range.upperBound * channelCount)])
  }

  deinit { storage.deallocate() }
}
