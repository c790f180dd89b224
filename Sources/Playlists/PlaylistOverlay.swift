/// Sound laid over the mix (a jingle, a voice-over), as Segue's playlist format describes it.
public struct PlaylistOverlay: Sendable, Equatable {
  /// The path as the playlist wrote it.
  public var location: String
  /// The path to open, resolved against the playlist's folder.
  public var path: String
  /// Where the overlay was named, for error messages.
  public var origin: PlaylistLocation?
  /// Where it starts on the mix's timeline.
  public var position: OverlayPosition
  /// Cue points, gain and fades within the overlay's own file (`transition` is not used).
  public var options: EntryOptions
  /// How far the tracks under it are lowered, in dB (negative), or nil for no ducking.
  public var duckDB: Double?
  /// How long the tracks take to go down before the overlay and to come back after it, in seconds.
  public var duckRampSeconds: Double

  /// The ramp length when the playlist does not say.
  public static let defaultDuckRampSeconds = 0.5

  /// An overlay of the file at `path` (written as `location`) starting at `position`, ducking the tracks by `duckDB` if given.
  public init(
    location: String, path: String, origin: PlaylistLocation? = nil, position: OverlayPosition, options: EntryOptions = EntryOptions(),
    duckDB: Double? = nil, duckRampSeconds: Double = Self.defaultDuckRampSeconds
  ) {
    self.location = location
    self.path = path
    self.origin = origin
    self.position = position
    self.options = options
    self.duckDB = duckDB
    self.duckRampSeconds = duckRampSeconds
  }
}

/// Where an overlay starts: a time on the mix's timeline, or an offset from where an entry's audio
/// begins (the start of its fade-in when it crossfades in).
public enum OverlayPosition: Sendable, Equatable {
  /// This many seconds into the mix.
  case time(seconds: Double)
  /// `entry` counts the playlist's own entries from 0.
  case entry(Int, offsetSeconds: Double)
}
