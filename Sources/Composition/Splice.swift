/// A jump forward inside a clip's source: from clip frame `clipFrame` on, the clip plays its
/// source from `sourceFrame`, the two sides crossfaded over `length` frames.
///
/// This is how a pause is shortened: of the frames between where the outgoing side's crossfade
/// starts and where the incoming side begins, only the first `length` are heard, fading out under
/// the incoming side. During the crossfade the outgoing side goes on from where it was; after it,
/// every frame is a source frame again.
public struct Splice: Sendable, Hashable {
  /// Where the crossfade starts, in frames of the clip's own time.
  public var clipFrame: Int64
  /// The source frame the incoming side starts at.
  public var sourceFrame: Int64
  /// How many frames the two sides overlap.
  public var length: Int64

  /// A jump at clip frame `clipFrame` to source frame `sourceFrame`, the sides crossfaded over `length` frames.
  public init(clipFrame: Int64, sourceFrame: Int64, length: Int64) {
    self.clipFrame = clipFrame
    self.sourceFrame = sourceFrame
    self.length = length
  }

  /// The clip frames the crossfade covers.
  public var crossfadeRange: Range<Int64> { clipFrame..<(clipFrame + length) }
}

/// Source frames left out of a clip: an edit asked for in source time, before it is a splice.
public struct SourceCut: Sendable, Hashable {
  /// The frames skipped: from where the outgoing side's crossfade starts to where the incoming
  /// side begins (at least `crossfade` of them, which the outgoing side's fade plays). The clip is
  /// this much shorter.
  public var skipped: Range<Int64>
  /// How many frames the two sides overlap.
  public var crossfade: Int64

  /// A cut leaving out the source frames `skipped`, the sides crossfaded over `crossfade` frames.
  public init(skipped: Range<Int64>, crossfade: Int64) {
    self.skipped = skipped
    self.crossfade = crossfade
  }
}

extension Clip {
  /// The source frame clip frame `frame` plays (the incoming side's, inside a splice's crossfade).
  public func sourceFrame(at frame: Int64) -> Int64 {
    guard let splice = splices.last(where: { $0.clipFrame <= frame }) else { return inPoint + frame }
    return splice.sourceFrame + frame - splice.clipFrame
  }

  /// One past the last source frame the clip plays.
  public var sourceEnd: Int64 { unstretched.sourceFrame(at: unstretched.duration) }

  /// The clip as it plays its source before any stretch: `stretch.sourceFrames` long.
  public var unstretched: Clip {
    guard let stretch else { return self }
    var clip = self
    clip.duration = stretch.sourceFrames
    clip.stretch = nil
    return clip
  }

  /// Each stretch of the source the clip plays and the clip frame it starts at; stretches
  /// overlap in clip time where splices crossfade.
  public var sourcePieces: [(source: Range<Int64>, clipStart: Int64)] {
    var pieces: [(source: Range<Int64>, clipStart: Int64)] = []
    var start = (clip: Int64(0), source: inPoint)
    for splice in splices {
      let end = start.source + splice.clipFrame + splice.length - start.clip
      pieces.append((start.source..<end, start.clip))
      start = (splice.clipFrame, splice.sourceFrame)
    }
    pieces.append((start.source..<sourceEnd, start.clip))
    return pieces
  }

  /// True when `range` (clip frames) overlaps a splice's crossfade.
  public func crossesSplice(_ range: Range<Int64>) -> Bool {
    splices.contains { $0.length > 0 && $0.crossfadeRange.overlaps(range) }
  }

  /// The splices that leave out `cuts` (in order, inside the clip's source), the clip's duration
  /// shortened by what they skip.
  public mutating func cut(_ cuts: [SourceCut]) {
    var skippedSoFar: Int64 = 0
    for cut in cuts {
      splices.append(
        Splice(clipFrame: cut.skipped.lowerBound - inPoint - skippedSoFar, sourceFrame: cut.skipped.upperBound, length: cut.crossfade))
      skippedSoFar += Int64(cut.skipped.count)
    }
    duration -= skippedSoFar
  }
}
