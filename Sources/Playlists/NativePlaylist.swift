import Composition
import Settings
import Foundation
import Yams

/// Reads Segue's own playlist format: YAML (or JSON, which is YAML too) with a version, defaults,
/// and entries carrying their cue points, gain, fades and transition to the next entry.
///
/// ```yaml
/// version: 1
/// title: Friday Night                  # the mix's own title and artist tags
/// artist: DJ Example
/// defaults: { crossfade: 6, curve: equal-power }
/// entries:
///   - file: tracks/01.flac
///     title: Opening                   # above the file's tags, in every listing
///     artist: The Band
///     in: 0:12.5
///     out: 5:02
///     gain: -1.5
///     fade-in: 2
///     transition: { crossfade: 8, curve: auto }
///   - file: tracks/02.flac
///     transition: { out: 8, in: 4, out-curve: exp, in-curve: log, overlap: 6 }
///   - file: tracks/03.flac
///     id: closer
///     transition: { gap: 2 }
/// overlays:
///   - file: jingles/station-id.flac
///     at: { entry: closer, offset: -3 }   # or a time on the mix: at: 12:30
///     duck: -12                           # dB, with ramps of duck-ramp seconds (0.5)
/// ```
public enum NativePlaylist: Sendable {
  /// File extensions this parser claims.
  public static let extensions: Set<String> = ["yaml", "yml", "json"]
  /// The format versions this parser reads.
  public static let supportedVersion = 1

  /// Parses playlist text; `file` names it in errors and gives the folder for relative paths.
  public static func parse(_ text: String, file: String) throws(PlaylistError) -> Playlist {
    let root: Node
    do {
      guard let node = try Yams.compose(yaml: text) else { throw PlaylistError(file: file, message: "the playlist is empty") }
      root = node
    } catch let error as PlaylistError {
      throw error
    } catch let YamlError.scanner(_, problem, mark, _), let YamlError.parser(_, problem, mark, _) {
      throw PlaylistError(file: file, location: PlaylistLocation(file: file, line: mark.line, column: mark.column), message: "not valid YAML: \(problem)")
    } catch {
      throw PlaylistError(file: file, message: "not valid YAML: \(error)")
    }
    let reader = NodeReader(file: file)
    let top = try reader.mapping(root, allowed: ["version", "title", "artist", "defaults", "entries", "overlays"])
    guard let versionNode = top["version"] else { throw reader.error(root, "missing 'version' (this Segue reads version \(supportedVersion))") }
    let version = try reader.number(versionNode, "version")
    guard version == Double(supportedVersion) else {
      throw reader.error(versionNode, "unknown version \(versionNode.string ?? "?") (this Segue reads version \(supportedVersion))")
    }
    let defaults = try top["defaults"].map { node throws(PlaylistError) in try readDefaults(node, reader) } ?? JoinChoices()
    guard let entriesNode = top["entries"], let list = entriesNode.sequence else {
      throw reader.error(top["entries"] ?? root, "'entries' must be a list of tracks")
    }
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    var entries: [PlaylistEntry] = []
    var ids: [String: Int] = [:]
    for node in list {
      let fields = try reader.mapping(node, allowed: entryFields)
      if let idNode = fields["id"] {
        guard let id = idNode.string, !id.isEmpty else { throw reader.error(idNode, "'id' must be a name") }
        guard ids[id] == nil else { throw reader.error(idNode, "the id '\(id)' is used by another entry already") }
        ids[id] = entries.count
      }
      entries.append(try readEntry(node, fields: fields, reader, folder: folder))
    }
    let overlays = try top["overlays"].map { node throws(PlaylistError) in
      try OverlayReader(reader: reader, folder: folder, entryIDs: ids).overlays(node)
    } ?? []
    var tags: [String: String] = [:]
    for key in ["title", "artist"] {
      if let node = top[key], let value = try reader.text(node, key) { tags[key] = value }
    }
    return Playlist(file: file, entries: entries, defaults: defaults, overlays: overlays, tags: tags)
  }

  private static func readDefaults(_ node: Node, _ reader: NodeReader) throws(PlaylistError) -> JoinChoices {
    let fields = try reader.mapping(
      node, allowed: ["crossfade", "curve", "gap", "album-aware", "loudness", "loudness-scope", "true-peak", "peak-policy", "speed", "method", "tempo-range"]
        + SilenceSettings.fieldNames + DJTransitionChoices.fieldNames)
    if fields["gap"] != nil, fields["crossfade"] != nil {
      throw reader.error(node, "defaults give 'crossfade' and 'gap'; choose one")
    }
    let crossfade = try fields["crossfade"].map { n throws(PlaylistError) in try reader.crossfadeLength(n) }
    var defaults = JoinChoices(
      crossfade: crossfade?.seconds,
      curve: try fields["curve"].map { n throws(PlaylistError) in try reader.choice(n, .curve) as CurveChoice },
      gap: try fields["gap"].map { n throws(PlaylistError) in try reader.time(n, "gap") },
      albumAware: try fields["album-aware"].map { n throws(PlaylistError) in try reader.bool(n, "album-aware") },
      loudness: try reader.loudnessSettings(fields), silence: try reader.silenceSettings(fields, inEntry: false),
      stretch: try reader.stretchSpec(fields), beatMatch: try reader.beatMatchChoices(fields))
    defaults.crossfadeBeats = crossfade?.beats
    defaults.tempoRange = try fields["tempo-range"].map { n throws(PlaylistError) in try reader.tempoRange(n) }
    return defaults
  }

  private static let entryFields =
    ["file", "id", "title", "artist", "in", "out", "gain", "fade-in", "fade-out", "transition", "loudness", "silence", "speed", "length", "tempo", "method", "bpm", "first-beat", "tempo-range", "key", "pitch"]
    + SilenceSettings.fieldNames

  private static func readEntry(_ node: Node, fields: [String: Node], _ reader: NodeReader, folder: URL) throws(PlaylistError) -> PlaylistEntry {
    guard let fileNode = fields["file"], let location = fileNode.string, !location.isEmpty else {
      throw reader.error(node, "an entry needs a 'file'")
    }
    let options = try reader.entryOptions(fields)
    let path = try EntryPath.resolve(location, against: folder, at: reader.location(fileNode))
    return PlaylistEntry(
      location: location, path: path, title: try fields["title"].flatMap { n throws(PlaylistError) in try reader.text(n, "title") },
      artist: try fields["artist"].flatMap { n throws(PlaylistError) in try reader.text(n, "artist") }, origin: reader.location(fileNode),
      options: options)
  }
}
