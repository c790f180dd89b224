/// Clips laid out on one output time axis, at one sample rate.
///
/// Any number of clips may sound at once (layers, overlays, a short track inside two
/// crossfades), as in AVFoundation's compositions. `validate()` enforces that clips are in order
/// of start and that no clip has a negative start, in-point or duration. Overlays may lower the
/// tracks under them (`ducks`).
public struct Timeline: Sendable, Hashable {
  /// The output's sample rate in Hz: every frame count on the timeline is at this rate.
  public let sampleRate: Int
  /// The clips, tracks and overlays, in order of start.
  public private(set) var clips: [Clip] = []
  /// Where overlays lower the tracks under them.
  public var ducks: [Duck] = []

  /// A timeline at `sampleRate` Hz holding `clips` and `ducks` as given, unchecked (see `validate()`).
  public init(sampleRate: Int, clips: [Clip] = [], ducks: [Duck] = []) {
    self.sampleRate = sampleRate
    self.clips = clips
    self.ducks = ducks
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
      if index > 0 && clip.start < clips[index - 1].start { throw .outOfOrder(clip: index) }
    }
  }
}

/// An edit the timeline refuses.
public enum TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The clip at this index (counted from 0) has a negative duration.
  case negativeDuration(clip: Int)
  /// The clip at this index (counted from 0) starts before the timeline, or its in-point before its source.
  case negativePosition(clip: Int)
  /// The clip at this index (counted from 0) starts before the clip ahead of it.
  case outOfOrder(clip: Int)
  /// A volume ramp was set over part of a clip that another of its ramps covers.
  case overlappingRamps

  /// The error in words, the clip counted from 1.
  public var description: String {
    switch self {
    case .negativeDuration(let clip): "clip \(clip + 1) has a negative duration"
    case .negativePosition(let clip): "clip \(clip + 1) starts before the timeline or its source"
    case .outOfOrder(let clip): "clip \(clip + 1) starts before the clip ahead of it"
    case .overlappingRamps: "a volume ramp overlaps another ramp of the same clip"
    }
  }
}
