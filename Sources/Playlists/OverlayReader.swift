import Foundation
import Yams

/// Reads the `overlays:` list of Segue's playlist format.
struct OverlayReader {
  let reader: NodeReader
  let folder: URL
  /// The entries' ids and their positions in the playlist.
  let entryIDs: [String: Int]

  private static let fields = ["file", "at", "in", "out", "gain", "fade-in", "fade-out", "duck", "duck-ramp"]

  /// Every overlay of the list.
  func overlays(_ node: Node) throws(PlaylistError) -> [PlaylistOverlay] {
    guard let list = node.sequence else { throw reader.error(node, "'overlays' must be a list") }
    var overlays: [PlaylistOverlay] = []
    for item in list { overlays.append(try overlay(item)) }
    return overlays
  }

  private func overlay(_ node: Node) throws(PlaylistError) -> PlaylistOverlay {
    let fields = try reader.mapping(node, allowed: Self.fields)
    guard let fileNode = fields["file"], let location = fileNode.string, !location.isEmpty else {
      throw reader.error(node, "an overlay needs a 'file'")
    }
    guard let atNode = fields["at"] else { throw reader.error(node, "an overlay needs 'at' (a time, or { entry: ID, offset: SECONDS })") }
    let path = try EntryPath.resolve(location, against: folder, at: reader.location(fileNode))
    return PlaylistOverlay(
      location: location, path: path, origin: reader.location(fileNode), position: try position(atNode),
      options: try reader.entryOptions(fields),
      duckDB: try fields["duck"].map { n throws(PlaylistError) in try reader.checked(n, .duck) },
      duckRampSeconds: try fields["duck-ramp"].map { n throws(PlaylistError) in try reader.time(n, "duck-ramp") }
        ?? PlaylistOverlay.defaultDuckRampSeconds)
  }

  /// `12:30`, or `{ entry: ID, offset: -3 }` (the offset may be negative, and defaults to 0).
  private func position(_ node: Node) throws(PlaylistError) -> OverlayPosition {
    if node.scalar != nil { return .time(seconds: try reader.time(node, "at")) }
    let fields = try reader.mapping(node, allowed: ["entry", "offset"])
    guard let entryNode = fields["entry"], let id = entryNode.string else { throw reader.error(node, "'at' needs 'entry' (an entry's id)") }
    guard let entry = entryIDs[id] else {
      let known = entryIDs.keys.sorted()
      throw reader.error(entryNode, "no entry has the id '\(id)'" + (known.isEmpty ? " (give entries an 'id')" : " (ids: \(known.joined(separator: ", ")))"))
    }
    let offset = try fields["offset"].map { n throws(PlaylistError) in try signedSeconds(n, "offset") } ?? 0
    return .entry(entry, offsetSeconds: offset)
  }

  /// Seconds that may be negative, within a million seconds either way.
  private func signedSeconds(_ node: Node, _ name: String) throws(PlaylistError) -> Double {
    let value = try reader.number(node, name)
    guard abs(value) <= 1_000_000 else { throw reader.error(node, "'\(name)' must be within 1000000 seconds") }
    return value
  }
}
