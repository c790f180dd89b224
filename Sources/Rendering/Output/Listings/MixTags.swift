/// The tags of the output as a whole: the mix's own, never those of its first track alone.
///
/// - `title`: `--title`; the playlist's own (the YAML format's `title`, a CUE sheet's disc
///   `TITLE`); the title every track shares (a mix of one track); the album every track shares;
///   the playlist's file name; else none.
/// - `artist`: `--artist`; the playlist's own (YAML `artist`, a CUE sheet's disc `PERFORMER`);
///   the album artist, else the artist, every track shares; else none.
/// - `album`, `album_artist`, `date`, `genre`: `--album` and `--date`; the playlist's own (a CUE
///   sheet's disc `TITLE` as the album, its `REM DATE` and `REM GENRE`); what every track shares;
///   else none.
/// - The playlist's other fields (a CUE sheet's `REM COMMENT`, `REM DISCID`, …) as they are.
public enum MixTags {
  /// The output's tags from what every track shares (`TrackList.sharedTags`), the playlist's own
  /// fields and name, and the user's `overrides`.
  public static func tags(sharedTags: [String: String], playlist: PlaylistTags, overrides: [String: String]) -> [String: String] {
    var tags = sharedTags.filter { ["album", "album_artist", "date", "genre"].contains($0.key) }
    tags["artist"] = sharedTags["album_artist"] ?? sharedTags["artist"]
    tags["title"] = sharedTags["title"] ?? sharedTags["album"] ?? playlist.name
    return tags.merging(playlist.fields) { _, playlists in playlists }.merging(overrides) { _, given in given }
  }
}
