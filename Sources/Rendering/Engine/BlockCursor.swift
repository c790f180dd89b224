import FFmpegAudio

/// The place in the last block a clip's source handed out, so its frames can be taken in pieces
/// of any size, the next block fetched only when this one is used up.
///
/// `ClipReader` (playing a clip into the mix) and `SplicedSamples` (reading a source past its
/// splices) both take a `ClipSamples`' blocks in pieces of their own size; this is their one
/// cursor.
struct BlockCursor {
  let channels: Int
  /// The block handed out last, valid until the next fetch.
  private var block: SourceBlock?
  /// How many frames it holds, and how many of them are taken.
  private var frameCount = 0
  private var offset = 0

  init(channels: Int) { self.channels = channels }

  /// Up to `maxFrames` frames not taken yet, now counted as taken; when the block is used up,
  /// fetches blocks with `next` until one has frames. Nil when `next` returns nil (the source's end).
  mutating func take(maxFrames: Int, fetching next: () throws(RenderError) -> SourceBlock?) throws(RenderError) -> SourcePiece? {
    guard let block = try current(fetching: next) else { return nil }
    let count = min(maxFrames, frameCount - offset)
    defer { offset += count }
    return SourcePiece(block: block, frames: offset..<(offset + count), channels: channels)
  }

  /// The block the next frames come from, fetched with `next` if this one is used up; nil at the
  /// source's end. Nothing is taken.
  mutating func current(fetching next: () throws(RenderError) -> SourceBlock?) throws(RenderError) -> SourceBlock? {
    while offset >= frameCount {
      guard let fetched = try next() else { return nil }
      (block, frameCount, offset) = (fetched, fetched.frameCount(channels: channels), 0)
    }
    return block
  }
}

/// Frames `frames` of a block a clip's source handed out, valid until the source's next block.
struct SourcePiece {
  let block: SourceBlock
  let frames: Range<Int>
  let channels: Int

  var frameCount: Int { frames.count }

  /// The piece's frames as interleaved floats (converting the block, if it waited).
  func floats() throws(RenderError) -> UnsafeBufferPointer<Float> {
    let all = try block.floats()
    return UnsafeBufferPointer(rebasing: all[(frames.lowerBound * channels)..<(frames.upperBound * channels)])
  }

  /// The piece's frames as the source's decoded integers (the block's `integers`), held beyond
  /// the block's time.
  func holdIntegers() -> HeldIntegers {
    guard case .decoded(let decoded, _) = block else { preconditionFailure("only decoded blocks hold integers") }
    return decoded.holdIntegers(frames)
  }
}
