/// A reusable, growable buffer of interleaved `Float` samples, so hot loops never allocate.
final class SampleBuffer {
  private(set) var storage: UnsafeMutableBufferPointer<Float>
  let channelCount: Int

  init(channelCount: Int, frameCapacity: Int = 4096) {
    self.channelCount = channelCount
    storage = .allocate(capacity: frameCapacity * channelCount)
  }

  /// How many sample frames fit without growing.
  var frameCapacity: Int { storage.count / channelCount }

  /// Grows the buffer, keeping its contents, so that at least `frames` sample frames fit.
  func reserve(frames: Int) {
    guard frames > frameCapacity else { return }
    let grown = UnsafeMutableBufferPointer<Float>.allocate(capacity: frames * channelCount)
    _ = grown.initialize(from: storage)
    storage.deallocate()
    storage = grown
  }

  /// Copies `count` sample frames starting at frame `source` to the front of the buffer.
  func moveToFront(from source: Int, count: Int) {
    guard source > 0, count > 0 else { return }
    let base = storage.baseAddress!
    base.update(from: base + source * channelCount, count: count * channelCount)
  }

  /// The sample frames in `range`, read-only.
  func frames(_ range: Range<Int>) -> UnsafeBufferPointer<Float> {
    UnsafeBufferPointer(rebasing: storage[(range.lowerBound * channelCount)..<(range.upperBound * channelCount)])
  }


  deinit { storage.deallocate() }
}
