import Foundation

/// Reads any playlist Segue knows, choosing the parser by content first and extension second, and
/// expands playlists named inside playlists in place.
public enum PlaylistFile {
  /// Every format, in the order their probes are tried.
  public static let formats: [any PlaylistFormat.Type] = [NativePlaylist.self, XSPFPlaylist.self, PLSPlaylist.self, CUESheet.self, M3UPlaylist.self]

  /// True when `path` names a playlist rather than an audio file: by its extension, or, for an
  /// unknown extension, by its first bytes.
  public static func isPlaylist(_ path: String) -> Bool {
    let fileExtension = PathText.fileExtension(path)
    if formats.contains(where: { $0.extensions.contains(fileExtension) }) { return true }
    guard ["", "txt"].contains(fileExtension), let head = try? readText(path, limit: 4096) else { return false }
    return formats.contains { $0.probe(head) }
  }

  /// Reads the playlist at `path`, with playlists it names expanded in place.
  public static func read(path: String) throws(PlaylistError) -> Playlist {
    try read(path: path, including: [])
  }

  /// How deep playlists may name playlists: deeper is a mistake, and the recursion that reads
  /// them never goes further than this.
  public static let deepestNesting = 32

  /// Reads a playlist that is not a file, such as one piped to standard input: the format is
  /// told by content alone (a plain list of paths is M3U); `file` names it in errors, and relative
  /// entries are found from its folder (for `-`, the current folder). Playlists it names are
  /// expanded in place.
  public static func read(data: Data, file: String) throws(PlaylistError) -> Playlist {
    let text = text(of: data)
    return try read(text: text, format: formats.first { $0.probe(text) } ?? M3UPlaylist.self, path: file, including: [])
  }

  private static func read(path: String, including chain: [String]) throws(PlaylistError) -> Playlist {
    let text = try readText(path)
    return try read(text: text, format: try format(of: text, path: path), path: path, including: chain)
  }

  private static func read(
    text: String, format: any PlaylistFormat.Type, path: String, including chain: [String]
  ) throws(PlaylistError) -> Playlist {
    var playlist = try format.parse(text, file: path)
    // The playlists from the outermost to this one (symbolic links resolved), to refuse one that
    // includes itself.
    let visited = chain + [canonical(path)]
    var entries: [PlaylistEntry] = []
    for entry in playlist.entries {
      guard isPlaylist(entry.path) else {
        entries.append(entry)
        continue
      }
      let nested = canonical(entry.path)
      if visited.contains(nested) {
        let names = (visited + [nested]).map(PathText.lastComponent).joined(separator: " -> ")
        throw PlaylistError(file: path, location: entry.origin, message: "\(entry.location) includes itself (\(names))")
      }
      guard visited.count < deepestNesting else {
        throw PlaylistError(
          file: path, location: entry.origin, message: "\(entry.location): playlists nest more than \(deepestNesting) deep here")
      }
      let inner = try read(path: entry.path, including: visited)
      entries += inner.entries
      playlist.nestedFiles += [entry.path] + inner.nestedFiles
    }
    playlist.entries = entries
    return playlist
  }

  /// The parser whose probe recognises `text`, else the one claiming the file's extension.
  static func format(of text: String, path: String) throws(PlaylistError) -> any PlaylistFormat.Type {
    if let probed = formats.first(where: { $0.probe(text) }) { return probed }
    let fileExtension = PathText.fileExtension(path)
    if let claimed = formats.first(where: { $0.extensions.contains(fileExtension) }) { return claimed }
    throw PlaylistError(file: path, message: "not a playlist Segue can read (M3U, PLS, XSPF, CUE or Segue's YAML/JSON)")
  }

  /// The file's text (its first `limit` bytes, when given): UTF-16 with a BOM, UTF-8 (with or
  /// without a BOM), else Latin-1.
  static func readText(_ path: String, limit: Int? = nil) throws(PlaylistError) -> String {
    guard let handle = FileHandle(forReadingAtPath: path), isRegularFile(path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw PlaylistError(file: path, message: exists ? "cannot read the playlist" : "playlist not found")
    }
    defer { try? handle.close() }
    return text(of: (try? limit.map { try handle.read(upToCount: $0) } ?? handle.readToEnd()) ?? nil ?? Data())
  }

  /// Playlist bytes as text: UTF-16 with a BOM, UTF-8 (with or without a BOM), else Latin-1.
  private static func text(of data: Data) -> String {
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
      return String(data: data, encoding: .utf16) ?? ""
    }
    return String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
  }


  /// True for a regular file, reached through any symbolic links.
  private static func isRegularFile(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: canonical(path))[.type] as? FileAttributeType) == .typeRegular
  }

  /// `path` absolute, with `.`, `..` and symbolic links resolved: one name per file.
  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
