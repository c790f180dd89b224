import FFmpegAudio
import SampleBlocks

/// A mixed block's samples: the mix's floats, or, where one clip passes through untouched, its
/// source's decoded integers, held as the decoder made them (no copy and no float round trip on
/// the way to the encoder, which copies them once into its frame).
enum MixSamples: Sendable {
  /// Interleaved floats.
  case floats(SampleBlock)
  /// Integers of one source, in the pieces its decoder made them in.
  case integers([HeldIntegers])

  /// How many frames of `channels` channels the block holds.
  func frameCount(channels: Int) -> Int {
    switch self {
    case .floats(let block): block.samples.count / channels
    case .integers(let pieces): pieces.reduce(0) { $0 + $1.frameCount }
    }
  }

  /// True when the block holds a source's integers.
  var isIntegers: Bool {
    if case .integers = self { return true }
    return false
  }

  /// Writes the block's first `frames` frames (of `channels` channels) as interleaved floats to
  /// `destination`: integers exactly as libswresample converts them, so a block converted here is
  /// the block the mixer would have made.
  func copyFloats(frames: Int, channels: Int, to destination: UnsafeMutablePointer<Float>) {
    switch self {
    case .floats(let block):
      destination.update(from: block.samples.baseAddress!, count: frames * channels)
    case .integers(let pieces):
      forEachPiece(in: 0..<frames, of: pieces) { piece, range, done in
        piece.writeFloats(range, into: destination + done * channels)
      }
    }
  }
}

/// Calls `body` for each piece that frames `frames` of the pieces (counted across them) fall in,
/// with the frames of the piece and how many frames came before them.
func forEachPiece(in frames: Range<Int>, of pieces: [HeldIntegers], _ body: (HeldIntegers, Range<Int>, Int) -> Void) {
  var start = 0
  for piece in pieces {
    let inPiece = frames.clamped(to: start..<(start + piece.frameCount))
    if !inPiece.isEmpty {
      body(piece, (inPiece.lowerBound - start)..<(inPiece.upperBound - start), inPiece.lowerBound - frames.lowerBound)
    }
    start += piece.frameCount
    if start >= frames.upperBound { return }
  }
}
