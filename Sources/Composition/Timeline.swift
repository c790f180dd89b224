/// Clips laid out on one output time axis, at one sample rate.
///
/// Two clips overlap when `a.start < b.end && b.start < a.end`; touching edges (`a.end == b.start`)
/// is a gapless join, not an overlap. `validate()` enforces that clips are in order of start,
/// that no clip has a negative start, in-point or duration, that no clip lies wholly inside
/// another, and that at most two clips sound at once (as in GStreamer Editing Services).
public struct Timeline: Sendable, Hashable {
  public let sampleRate: Int
  public private(set) var clips: [Clip] = []

  public init(sampleRate: Int, clips: [Clip] = []) {
    self.sampleRate = sampleRate
    self.clips = clips
  }

  /// The output's length in sample frames: where the last clip ends.
  public var frameCount: Int64 { clips.map(\.end).max() ?? 0 }

  /// The output's length in seconds.
  public var seconds: Double { Double(frameCount) / Double(sampleRate) }

  /// Places `duration` frames of `source` right where the timeline ends, with no gap or overlap.
  @discardableResult
  public mutating func appendGapless(source: Int, inPoint: Int64 = 0, duration: Int64) throws(TimelineError) -> Clip {
    let clip = Clip(source: source, start: frameCount, inPoint: inPoint, duration: duration)
    try insert(clip)
    return clip
  }

  /// Adds a clip, or refuses it (leaving the timeline unchanged) if the result would be invalid.
  public mutating func insert(_ clip: Clip) throws(TimelineError) {
    var candidate = self
    candidate.clips.append(clip)
    candidate.clips.sort { ($0.start, $0.source) < ($1.start, $1.source) }
    try candidate.validate()
    self = candidate
  }

  /// Checks the rules in the type's documentation.
  public func validate() throws(TimelineError) {
    for (index, clip) in clips.enumerated() {
      if clip.duration < 0 { throw .negativeDuration(clip: index) }
      if clip.start < 0 || clip.inPoint < 0 { throw .negativePosition(clip: index) }
      if index > 0 {
        let previous = clips[index - 1]
        if clip.start < previous.start { throw .outOfOrder(clip: index) }
        if clip.start == previous.start || clip.end <= previous.end {
          if clip.duration > 0 && previous.duration > 0 { throw .fullOverlap(clip: index, other: index - 1) }
        }
      }
      if index > 1 && clip.start < clips[index - 2].end { throw .tripleOverlap(clip: index) }
    }
  }
}

/// An edit the timeline refuses.
public enum TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
  case negativeDuration(clip: Int)
  case negativePosition(clip: Int)
  case outOfOrder(clip: Int)
  case fullOverlap(clip: Int, other: Int)
  case overlappingRamps
  case tripleOverlap(clip: Int)

  public var description: String {
    switch self {
    case .negativeDuration(let clip): "clip \(clip + 1) has a negative duration"
    case .negativePosition(let clip): "clip \(clip + 1) starts before the timeline or its source"
    case .outOfOrder(let clip): "clip \(clip + 1) starts before the clip ahead of it"
    case .fullOverlap(let clip, let other): "clip \(clip + 1) lies wholly inside clip \(other + 1)"
    case .tripleOverlap(let clip): "clip \(clip + 1) would make three clips sound at once"
    case .overlappingRamps: "a volume ramp overlaps another ramp of the same clip"
    }
  }
}
