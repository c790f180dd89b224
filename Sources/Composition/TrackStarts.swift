extension Timeline {
  /// Where each clip counts as starting for listeners: cue sheets, chapters and tracklists.
  ///
  /// A clip that starts alone starts at its first frame. A clip that starts inside a crossfade
  /// starts at the midpoint of the overlap, where the two tracks are heard equally: the same
  /// choice everywhere a track start is written. The first clip always starts at 0.
  public var trackStarts: [Int64] {
    clips.enumerated().map { index, clip in
      guard index > 0 else { return 0 }
      let overlap = clips[index - 1].end - clip.start
      return overlap > 0 ? clip.start + overlap / 2 : clip.start
    }
  }
}
