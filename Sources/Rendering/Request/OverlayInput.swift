import Playlists

/// An audio file laid over the mix, where it goes, and how far it lowers the tracks under it.
public struct OverlayInput: Sendable, Equatable {
  /// The file, with its cue points, gain and fades in `options`.
  public var input: InputSource
  /// Where it starts: a time on the mix, or an offset from where an input's audio begins.
  public var position: Position
  /// How far the tracks under it are lowered, in dB (negative); nil for no ducking.
  public var duckDB: Double?
  /// Seconds the tracks take to go down before the overlay and come back after it.
  public var duckRampSeconds: Double

  /// Where an overlay starts.
  public enum Position: Sendable, Equatable {
    /// `seconds` from the start of the mix's timeline.
    case time(seconds: Double)
    /// `offsetSeconds` (may be negative) from where the render's input number `input` begins.
    case input(Int, offsetSeconds: Double)
  }

  /// Lays `input` over the mix from `position`, lowering the tracks under it by `duckDB` (nil: not at all)
  /// over ramps of `duckRampSeconds`.
  public init(input: InputSource, position: Position, duckDB: Double? = nil, duckRampSeconds: Double = PlaylistOverlay.defaultDuckRampSeconds) {
    self.input = input
    self.position = position
    self.duckDB = duckDB
    self.duckRampSeconds = duckRampSeconds
  }

  /// A playlist's overlays, for a render in which its first entry is input number `firstInput`.
  public static func overlays(of playlist: Playlist, firstInput: Int) -> [OverlayInput] {
    playlist.overlays.map { overlay in
      let position: Position =
        switch overlay.position {
        case .time(let seconds): .time(seconds: seconds)
        case .entry(let entry, let offset): .input(firstInput + entry, offsetSeconds: offset)
        }
      return OverlayInput(
        input: InputSource(path: overlay.path, displayName: overlay.location, origin: overlay.origin, options: overlay.options),
        position: position, duckDB: overlay.duckDB, duckRampSeconds: overlay.duckRampSeconds)
    }
  }
}
