import Foundation
import Playlists

/// A track's artist and title by the one rule that every listing, report and progress line
/// follows: tracklists, chapters, CUE sheets, `plan`, the picture, progress and the JSON outputs.
///
/// Each field is taken from the first source that gives it:
/// 1. what the user wrote for the purpose: a CUE sheet's `TITLE` and `PERFORMER`, the YAML
///    format's `title` and `artist`;
/// 2. the file's own tags;
/// 3. what a player shows (M3U's `#EXTINF`, PLS's `TitleN`, XSPF's `title` and `creator`), split
///    into artist and title when it reads "Artist - Title" (`PlayerTitle.parts`);
/// 4. for the title, the file's name without its folder and extension.
public struct TrackName: Sendable, Equatable {
  /// The title by the rule above; never empty, the file's name when nothing else gives one.
  public var title: String
  /// The artist by the rule above; nil when nothing gives one.
  public var artist: String?
  /// The album: the playlist's (a CUE sheet's disc title, XSPF's `album`), else the file's tag.
  public var album: String?
  /// The file's name, without its folder and extension.
  public var file: String

  /// Builds a name from these parts as given, without the rule; `file` is the file's name without folder or extension.
  public init(title: String, artist: String? = nil, album: String? = nil, file: String) {
    self.title = title
    self.artist = artist
    self.album = album
    self.file = file
  }

  /// The name of `input`, whose file is tagged with `tags` (keys in lower case).
  public init(input: InputSource, tags: [String: String]) {
    let player = input.playerTitle?.parts
    file = PathText.stem(input.displayName)
    title = Self.given(input.title) ?? Self.given(tags["title"]) ?? Self.given(player?.title) ?? file
    artist = Self.given(input.artist) ?? Self.given(tags["artist"]) ?? Self.given(player?.artist)
    album = Self.given(input.album) ?? Self.given(tags["album"])
  }

  /// "Artist - Title", or the title alone when there is no artist or the title already starts
  /// with it: the name where one line shows a track (`NameTemplate.standard`).
  public var text: String { NameTemplate.standard.text(for: self, number: 1) }

  /// True when the title already names the artist at its start ("Band - Live" by Band), so that
  /// putting the artist in front would say it twice. (A song named after its band, "Weezer" by
  /// Weezer, does not: its title is the song's alone.)
  var titleStartsWithArtist: Bool {
    guard let artist else { return false }
    return PlayerTitle.separators.contains { title.hasPrefix(artist + $0) }
  }

  /// A value that says something: nil for a missing, empty or blank one.
  private static func given(_ value: String?) -> String? {
    guard let value, !value.allSatisfy(\.isWhitespace) else { return nil }
    return value
  }
}
