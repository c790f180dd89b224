import Foundation

/// Reads XSPF playlists: XML with `<playlist xmlns="http://xspf.org/ns/0/">`, whose
/// `<trackList>` holds `<track>`s with a `<location>` and, optionally, `<title>`, `<creator>`,
/// `<album>` and `<duration>` in milliseconds. `title` and `creator` are what a player shows
/// (`PlayerTitle`), weaker than the file's own tags.
///
/// A location is a URI: `file://` URIs and relative references are percent-decoded, relative
/// ones resolved against the playlist's folder (not an `xml:base`); network URLs are refused.
/// Where a track gives several locations, the first is used. Malformed XML is an error at the
/// parser's line and column; a track without a location, an error at the track's line.
public enum XSPFPlaylist: PlaylistFormat {
  /// File extensions this parser claims.
  public static let extensions: Set<String> = ["xspf"]

  /// XSPF names its namespace on the `<playlist>` element.
  public static func probe(_ text: String) -> Bool {
    text.contains("<playlist") && text.contains("xspf.org/ns")
  }

  /// Parses playlist text; `file` names it in errors and gives the folder for relative locations.
  public static func parse(_ text: String, file: String) throws(PlaylistError) -> Playlist {
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    var entries: [PlaylistEntry] = []
    for track in try XSPFReader.tracks(in: declaringUTF8(text), file: file) {
      guard let (location, line) = track.fields["location"], !location.isEmpty else {
        throw PlaylistError(file: file, location: PlaylistLocation(file: file, line: track.line), message: "a <track> without a <location>")
      }
      let origin = PlaylistLocation(file: file, line: line)
      entries.append(
        PlaylistEntry(
          location: location, path: try EntryPath.resolveURI(location, against: folder, at: origin),
          album: nonEmpty(track.fields["album"]?.text),
          playerTitle: PlayerTitle(text: nonEmpty(track.fields["title"]?.text), artist: nonEmpty(track.fields["creator"]?.text)),
          durationHint: durationHint(track.fields["duration"]?.text, unitsPerSecond: 1000),
          origin: origin))
    }
    return Playlist(file: file, entries: entries)
  }

  /// `text` with its XML declaration's encoding, if any, changed to UTF-8: the parser is given
  /// the text as UTF-8, whatever encoding the file was read in.
  private static func declaringUTF8(_ text: String) -> String {
    guard let end = text.firstIndex(of: ">"), text[..<end].drop(while: { $0 == "\u{FEFF}" }).hasPrefix("<?xml"),
      let name = text[..<end].range(of: "encoding"),
      let open = text[name.upperBound..<end].firstIndex(where: { $0 == "\"" || $0 == "'" }),
      let close = text[text.index(after: open)..<end].firstIndex(of: text[open])
    else { return text }
    return text.replacingCharacters(in: text.index(after: open)..<close, with: "UTF-8")
  }
}
