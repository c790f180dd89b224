import Foundation
import Playlists

/// The playlist parsers, and the time and number syntax inside them, as fuzz targets.
extension FuzzTarget {
  /// One format's `parse(_:file:)`, given the bytes as `PlaylistFile` would decode them.
  public static func playlist(_ format: any PlaylistFormat.Type, name: String, seeds: [String]) -> FuzzTarget {
    let file = "/fuzz/playlist.\(format.extensions.sorted().first ?? "txt")"
    return FuzzTarget(name: name, seeds: seeds.map { Array($0.utf8) }) { bytes in
      FuzzOutcome.of { () throws(PlaylistError) in try format.parse(playlistText(bytes), file: file) }
    }
  }

  /// `PlaylistFile.read(path:)` on the bytes written as `playlist.m3u` in `folder`: the format
  /// probes, then the parser, then the expansion of playlists it names (`folder` holds a few to
  /// name, and the seeds name them and themselves).
  public static func playlistFile(in folder: String) -> FuzzTarget {
    let path = folder + "/playlist.m3u"
    try? PlaylistSeeds.nestedPLS.write(toFile: folder + "/nested.pls", atomically: false, encoding: .utf8)
    try? PlaylistSeeds.m3u[0].write(toFile: folder + "/other.m3u", atomically: false, encoding: .utf8)
    return FuzzTarget(name: "PlaylistFile", seeds: PlaylistSeeds.all.map { Array($0.utf8) }) { bytes in
      guard overwrite(path, with: bytes) else { return .refused }
      return FuzzOutcome.of { () throws(PlaylistError) in try PlaylistFile.read(path: path) }
    }
  }

  /// `TimeParser.seconds` on the bytes as UTF-8.
  public static let time = FuzzTarget(name: "TimeParser", seeds: PlaylistSeeds.times.map { Array($0.utf8) }) { bytes in
    FuzzOutcome.of(optional: TimeParser.seconds(String(decoding: bytes, as: UTF8.self)))
  }

  /// The YAML playlist's numbers and times (gain, cue points, fades, transitions, defaults): the
  /// bytes become one field's value, the field chosen by the bytes, in an otherwise valid playlist.
  public static let yamlNumbers = FuzzTarget(name: "YAML numbers", seeds: PlaylistSeeds.times.map { Array($0.utf8) }) {
    bytes in
    let value = playlistText(bytes)
    let field = bytes.reduce(0) { $0 &+ Int($1) } % PlaylistSeeds.numberFields.count
    let text = PlaylistSeeds.numberFields.enumerated().reduce(PlaylistSeeds.numberTemplate) { text, pair in
      text.replacingOccurrences(of: "<\(pair.offset)>", with: pair.offset == field ? value : pair.element)
    }
    return FuzzOutcome.of { () throws(PlaylistError) in try NativePlaylist.parse(text, file: "/fuzz/numbers.yaml") }
  }

  /// Every playlist target but `playlistFile`.
  public static let playlistParsers: [FuzzTarget] = [
    playlist(M3UPlaylist.self, name: "M3U", seeds: PlaylistSeeds.m3u),
    playlist(PLSPlaylist.self, name: "PLS", seeds: PlaylistSeeds.pls),
    playlist(XSPFPlaylist.self, name: "XSPF", seeds: PlaylistSeeds.xspf),
    playlist(CUESheet.self, name: "CUE", seeds: PlaylistSeeds.cue),
    playlist(NativePlaylist.self, name: "YAML/JSON", seeds: PlaylistSeeds.native),
    time, yamlNumbers,
  ]
}

/// The text of playlist bytes as `PlaylistFile` reads it: UTF-8, else Latin-1.
func playlistText(_ bytes: [UInt8]) -> String {
  String(validating: bytes, as: UTF8.self) ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
}
