import Composition
import FFmpegAudio

/// Which parts of a timeline become the output: ranges in order, with silence between them.
struct OutputSelection: Sendable, Equatable {
  var segments: [Range<Int64>]
  var pauseFrames: Int64 = 0

  /// All of `timeline`.
  static func whole(_ timeline: Timeline) -> OutputSelection { OutputSelection(segments: [0..<timeline.frameCount]) }

  /// True when the output is all of `timeline`, not a range or preview of it.
  func isWhole(of timeline: Timeline) -> Bool { segments == [0..<timeline.frameCount] }

  /// The output's length in frames.
  var frameCount: Int64 {
    segments.reduce(0) { $0 + Int64($1.count) } + pauseFrames * Int64(max(0, segments.count - 1))
  }

  /// One chapter per segment, where it lies in the output, titled in order by `titles`.
  func chapters(titled titles: [String]) -> [Chapter] {
    var start: Int64 = 0
    return zip(segments, titles).map { segment, title in
      defer { start += Int64(segment.count) + pauseFrames }
      return Chapter(start: start, end: start + Int64(segment.count), title: title)
    }
  }

  /// The timeline position that output frame `frame` plays (the next segment's start in a pause).
  func timelinePosition(ofOutputFrame frame: Int64) -> Int64 {
    var left = frame
    for segment in segments {
      if left < Int64(segment.count) { return segment.lowerBound + left }
      left -= Int64(segment.count) + pauseFrames
      if left < 0 { return segment.upperBound }
    }
    return segments.last?.upperBound ?? 0
  }
}

/// A part of the mix to render, in seconds; either end open.
public struct TimeRange: Sendable, Equatable {
  /// Where the part starts, in seconds on the mix; nil: at its start.
  public var from: Double?
  /// Where the part ends, in seconds on the mix (past its end: at its end); nil: at its end.
  public var to: Double?

  /// Builds a range from `from` to `to` seconds; by default, the whole mix.
  public init(from: Double? = nil, to: Double? = nil) {
    self.from = from
    self.to = to
  }
}
