/// One playlist item as it lands on the timeline: its clips, and where its source's time went.
///
/// An item is what listeners call a track. It may be played as several clips (a pause cut out
/// of it, a trim), so tracklists, chapters, cue sheets, the picture and progress read items.
public struct TimelineItem: Sendable, Hashable {
  /// The item's identifier (`Clip.item`).
  public var id: Int
  /// The source it plays.
  public var source: Int
  /// Indexes of its clips in the timeline, in order.
  public var clipIndexes: [Int]
  /// Where its first clip starts on the timeline.
  public var start: Int64
  /// Where its last clip ends.
  public var end: Int64
  /// Where it counts as starting for listeners (see `Timeline.items`).
  public var listedStart: Int64
  /// Each piece of the source it plays and where that piece starts on the timeline.
  public var timeMap: [Piece]

  /// A stretch of source frames played from a timeline position.
  public struct Piece: Sendable, Hashable {
    /// The source frames played, at the timeline's rate.
    public var source: Range<Int64>
    /// The timeline frame the first of them plays at.
    public var timelineStart: Int64
  }

  /// The timeline position of source frame `frame`, or nil when that frame is not played.
  public func timelinePosition(ofSourceFrame frame: Int64) -> Int64? {
    timeMap.first { $0.source.contains(frame) }.map { $0.timelineStart + frame - $0.source.lowerBound }
  }
}

extension Timeline {
  /// The tracks (clips on the track layer) grouped into items, in order of their first clip.
  ///
  /// An item that starts alone starts at its first frame. One that starts inside the previous
  /// item's last clip (a crossfade) starts at the midpoint of that overlap, where the two are heard
  /// equally: the same choice everywhere a track start is written. The first item starts at 0.
  public var items: [TimelineItem] {
    var items: [TimelineItem] = []
    var positions: [Int: Int] = [:]
    for (index, clip) in clips.enumerated() where clip.layer == .track {
      let pieces = clip.sourcePieces.map { TimelineItem.Piece(source: $0.source, timelineStart: clip.start + $0.clipStart) }
      if let position = positions[clip.item] {
        items[position].clipIndexes.append(index)
        items[position].end = max(items[position].end, clip.end)
        items[position].timeMap += pieces
        continue
      }
      positions[clip.item] = items.count
      let listedStart: Int64
      if let previous = items.last {
        let overlap = previous.end - clip.start
        listedStart = overlap > 0 ? clip.start + overlap / 2 : clip.start
      } else {
        listedStart = 0
      }
      items.append(
        TimelineItem(
          id: clip.item, source: clip.source, clipIndexes: [index], start: clip.start, end: clip.end, listedStart: listedStart,
          timeMap: pieces))
    }
    return items
  }

  /// Where each item counts as starting for listeners: cue sheets, chapters and tracklists.
  public var trackStarts: [Int64] { items.map(\.listedStart) }
}
