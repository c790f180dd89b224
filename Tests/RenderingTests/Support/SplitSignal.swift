/// One continuous test signal and the places where it is cut into tracks.
struct SplitSignal {
  let channels = 2
  /// The whole signal, interleaved.
  let original: [Float]
  /// Track boundaries in sample frames: 0, each cut, then the signal's length.
  let boundaries: [Int]

  /// Cuts `frames` of the usual test signal at `cuts`, which line up with no codec's frames.
  init(sampleRate: Int, frames: Int, cuts: [Int]) {
    original = Fixture.music(sampleRate: sampleRate, frames: frames)
    boundaries = [0] + cuts + [frames]
  }

  var frameCount: Int { boundaries.last! }

  /// The frames each track covers.
  var trackRanges: [Range<Int>] { zip(boundaries, boundaries.dropFirst()).map { $0..<$1 } }

  /// The positions where one track ends and the next begins.
  var seams: [Int] { Array(boundaries.dropFirst().dropLast()) }

  /// Track `index`'s samples.
  func track(_ index: Int) -> [Float] { Fixture.frames(original, trackRanges[index], channels: channels) }

  /// The frames within `halfWidth` of `seam`.
  func around(_ seam: Int, halfWidth: Int) -> Range<Int> { (seam - halfWidth)..<(seam + halfWidth) }

  /// The stretches at least `margin` frames from every seam and from both ends of the signal.
  func away(margin: Int) -> [Range<Int>] {
    trackRanges.compactMap { range in
      let inner = (range.lowerBound + margin)..<(range.upperBound - margin)
      return inner.isEmpty ? nil : inner
    }
  }
}
