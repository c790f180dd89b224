import FFmpegAudio
import Foundation
import Playlists

/// One audio file to render, with where the user named it.
public struct InputSource: Sendable, Equatable {
  /// The path to open.
  public var path: String
  /// The path as the user wrote it, in a playlist or on the command line.
  public var displayName: String
  /// The playlist line that named it, if any.
  public var origin: PlaylistLocation?
  /// The title the user wrote for it (a CUE sheet's `TITLE`, the YAML format's `title`).
  public var title: String?
  /// The artist the user wrote for it (a CUE sheet's `PERFORMER`, the YAML format's `artist`).
  public var artist: String?
  /// What a player shows for it (M3U's `#EXTINF`, PLS's `TitleN`, XSPF's `title` and `creator`).
  public var playerTitle: PlayerTitle?
  /// The file's tags (keys in lower case), once its facts are gathered (`InputFacts`); nil before.
  public var fileTags: [String: String]?
  /// The album the playlist gives it (a CUE sheet's disc title, XSPF's album).
  public var album: String?
  /// Cue points, gain, fades and the transition to the next input.
  public var options: EntryOptions
  /// Damage or truncation to render through rather than refuse (`--allow-damaged`, `--allow-truncated`).
  public var tolerance = DecodeTolerance.strict
  /// The tempo range its playlist's defaults give (`tempo-range`), if any.
  public var playlistTempoRange: ClosedRange<Double>?

  /// The file at `path`, shown as `displayName` (the path itself when nil), named at `origin`, with the title and
  /// entry options the user wrote; artist, album, tags and tolerance start empty or strict.
  public init(
    path: String, displayName: String? = nil, origin: PlaylistLocation? = nil, title: String? = nil,
    options: EntryOptions = EntryOptions()
  ) {
    self.path = path
    self.displayName = displayName ?? path
    self.origin = origin
    self.title = title
    self.options = options
  }

  /// The inputs a playlist names, in order.
  public static func entries(of playlist: Playlist) -> [InputSource] {
    playlist.entries.map {
      var input = InputSource(path: $0.path, displayName: $0.location, origin: $0.origin, title: $0.title, options: $0.options)
      // The playlist's default speed and method reach its own entries only.
      if let defaults = playlist.defaults.stretch {
        var own = input.options.stretch ?? StretchSpec()
        if own.speed == nil && own.length == nil && own.tempo == nil { own.speed = defaults.speed }
        own.method = own.method ?? defaults.method
        input.options.stretch = own
      }
      input.playlistTempoRange = playlist.defaults.tempoRange
      input.artist = $0.artist
      input.album = $0.album
      input.playerTitle = $0.playerTitle
      return input
    }
  }

  /// The tempos its analysed beat is counted in: its entry's own range, else `chosen` (the
  /// command line's), else its playlist's default; nil for the rhythm's choice within 60-200.
  public func tempoRange(chosen: ClosedRange<Double>?) -> ClosedRange<Double>? {
    options.tempoRange ?? chosen ?? playlistTempoRange
  }

  /// `list.m3u:3: song.flac` or `song.flac`, the prefix of every message about this input; a
  /// name that is not text (a binary file read as a playlist) is shown escaped and cut short.
  public var label: String {
    let name = PrintableText.excerpt(displayName)
    return origin.map { "\($0): \(name)" } ?? name
  }

  /// Its artist and title by the one rule (`TrackName`), from its file's tags once they are known.
  public var name: TrackName { TrackName(input: self, tags: fileTags ?? [:]) }
}
