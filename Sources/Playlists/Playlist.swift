import Composition
import Foundation

/// An ordered list of audio files to render, read from a playlist file or given directly.
public struct Playlist: Sendable, Equatable {
  /// The playlist file this came from, or nil for files named on the command line.
  public var file: String?
  /// The tracks to render, in playing order.
  public var entries: [PlaylistEntry]
  /// How to join entries that do not say, as the playlist file sets it (native format only).
  public var defaults: JoinChoices
  /// Sound laid over the mix (native format only).
  public var overlays: [PlaylistOverlay]
  /// What the playlist says of the mix as a whole, by FFmpeg's generic tag keys: a CUE sheet's
  /// disc `TITLE` (as `title` and `album`), `PERFORMER` (`artist`) and `REM` fields (`genre`,
  /// `date`, `comment`, …); the YAML format's top-level `title` and `artist`.
  public var tags: [String: String]
  /// The playlists this one named and that were read into it, in the order read: what besides
  /// this file decides its entries.
  public var nestedFiles: [String] = []

  /// A playlist of `entries`, read from `file` (nil for files named directly), with its defaults, overlays and tags.
  public init(
    file: String? = nil, entries: [PlaylistEntry], defaults: JoinChoices = JoinChoices(), overlays: [PlaylistOverlay] = [],
    tags: [String: String] = [:]
  ) {
    self.file = file
    self.entries = entries
    self.defaults = defaults
    self.overlays = overlays
    self.tags = tags
  }
}

/// One track of a playlist: where its audio is, and where it was named.
public struct PlaylistEntry: Sendable, Equatable {
  /// The path as the playlist wrote it.
  public var location: String
  /// The path to open: `location` resolved against the playlist's folder.
  public var path: String
  /// The title written for the purpose (a CUE sheet's `TITLE`, the YAML format's `title`), if any.
  public var title: String?
  /// The artist written for the purpose (a CUE sheet's `PERFORMER`, the YAML format's `artist`), if any.
  public var artist: String?
  /// What a player shows for the entry (M3U's `#EXTINF`, PLS's `TitleN`, XSPF's `title` and
  /// `creator`): weaker than the file's tags.
  public var playerTitle: PlayerTitle?
  /// The album the playlist gives, if any.
  public var album: String?
  /// The length the playlist claims, in seconds (a hint, never trusted for rendering).
  public var durationHint: Double?
  /// Where the entry was named, for error messages.
  public var origin: PlaylistLocation?
  /// Cue points, gain, fades and the transition to the next entry.
  public var options: EntryOptions

  /// An entry for the file at `path`, written as `location`, with what the playlist says of it; unstated fields are nil.
  public init(
    location: String, path: String, title: String? = nil, artist: String? = nil, album: String? = nil,
    playerTitle: PlayerTitle? = nil, durationHint: Double? = nil, origin: PlaylistLocation? = nil, options: EntryOptions = EntryOptions()
  ) {
    self.playerTitle = playerTitle
    self.artist = artist
    self.album = album
    self.location = location
    self.path = path
    self.title = title
    self.durationHint = durationHint
    self.origin = origin
    self.options = options
  }
}

/// A place in a text file: `file:line:column`, lines and columns counted from 1.
public struct PlaylistLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file's path, as messages show it.
  public var file: String
  /// The line, counted from 1.
  public var line: Int
  /// The column, where the problem is a part of the line rather than all of it.
  public var column: Int?

  /// The place at `line` (and `column`, if given) of `file`, both counted from 1.
  public init(file: String, line: Int, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `set.yaml:3:9`, or `list.m3u:3` for a whole line.
  public var description: String { column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)" }
}

/// A playlist that cannot be read, with where and why.
public struct PlaylistError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where in the file the problem is; nil when it concerns the file as a whole (an empty playlist, say).
  public var location: PlaylistLocation?
  /// The playlist file that cannot be read.
  public var file: String
  /// What is wrong, worded for the user, without the place.
  public var message: String

  /// The error `message` about `file`, at `location` when the problem has a place in it.
  public init(file: String, location: PlaylistLocation? = nil, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// `list.m3u:3: message`; the file's path stands in for the place when there is no location.
  public var description: String { "\(location.map(String.init(describing:)) ?? file): \(message)" }
}
