/// The place in the last block of interleaved samples a source handed out, so its frames can be
/// taken in pieces of any size, the next block fetched only when this one is used up.
///
/// `ClipReader` (playing a clip into the mix) and `SplicedSamples` (reading a source past its
/// splices) both take a `ClipSamples`' blocks in pieces of their own size; this is their one
/// cursor.
struct BlockCursor {
  let channels: Int
  /// The block handed out last, valid until the next fetch.
  private var block = UnsafeBufferPointer<Float>(start: nil, count: 0)
  /// Samples of `block` taken so far.
  private var offset = 0

  init(channels: Int) { self.channels = channels }

  /// Up to `maxFrames` frames not taken yet, now counted as taken; when the block is used up,
  /// fetches blocks with `next` until one has frames. Nil when `next` returns nil (the source's end).
  mutating func take<Failure: Error>(
    maxFrames: Int, fetching next: () throws(Failure) -> UnsafeBufferPointer<Float>?
  ) throws(Failure) -> UnsafeBufferPointer<Float>? {
    while offset >= block.count {
      guard let fetched = try next() else { return nil }
      (block, offset) = (fetched, 0)
    }
    let count = min(maxFrames * channels, block.count - offset)
    defer { offset += count }
    return UnsafeBufferPointer(rebasing: block[offset..<(offset + count)])
  }
}
