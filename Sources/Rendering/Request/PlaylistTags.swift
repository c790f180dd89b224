import Foundation
import Playlists

/// What the playlists given say about the mix as a whole, for its tags (`MixTags`).
public struct PlaylistTags: Sendable, Equatable {
  /// The first playlist's own fields that describe the whole (`Playlist.tags`): a CUE sheet's disc
  /// `TITLE`, `PERFORMER` and `REM` fields, the YAML format's top-level `title` and `artist`.
  public var fields: [String: String]
  /// The playlist's file name without its extension, when a single playlist is all that was
  /// given: the mix's title when nothing better names it.
  public var name: String?

  /// Builds tags from a playlist's whole-mix `fields` and its file `name`; by default, none.
  public init(fields: [String: String] = [:], name: String? = nil) {
    self.fields = fields
    self.name = name
  }

  /// The file name of `path` without its folder and extension.
  static func name(ofPlaylist path: String) -> String {
    PathText.stem(path)
  }
}
