import Foundation

/// One playlist format: the file extensions it claims, a check of its own header, and its parser.
///
/// As in mpv's playlist demuxer, the probe is the parser's own header check, so the two cannot
/// drift apart.
public protocol PlaylistFormat: Sendable {
  /// File extensions, in lower case, without the dot.
  static var extensions: Set<String> { get }
  /// True when `text` begins the way only this format begins; false when it cannot tell.
  static func probe(_ text: String) -> Bool
  /// Parses playlist text; `file` names it in errors and gives the folder for relative paths.
  static func parse(_ text: String, file: String) throws(PlaylistError) -> Playlist
}

extension M3UPlaylist: PlaylistFormat {
  /// Extended M3U starts with `#EXTM3U`; plain M3U has no header to recognise.
  public static func probe(_ text: String) -> Bool {
    firstLine(of: text).uppercased().hasPrefix("#EXTM3U")
  }
}

extension NativePlaylist: PlaylistFormat {
  /// Segue's format opens with its `version` key, in YAML or JSON.
  public static func probe(_ text: String) -> Bool {
    let head = firstLine(of: text)
    return head.hasPrefix("version:") || (head.hasPrefix("{") && text.prefix(200).contains("\"version\""))
  }
}

/// The first line that is not blank or a YAML comment, without a BOM or surrounding spaces.
func firstLine(of text: String) -> String {
  let lines = text.prefix(4096).split(whereSeparator: \.isNewline)
  let line = lines.first { line in
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return !trimmed.isEmpty && trimmed != "\u{FEFF}" && !(trimmed.hasPrefix("# ") || trimmed == "#")
  }
  return (line.map(String.init) ?? "").replacingOccurrences(of: "\u{FEFF}", with: "").trimmingCharacters(in: .whitespaces)
}
