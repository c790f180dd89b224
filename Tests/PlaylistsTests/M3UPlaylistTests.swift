import Foundation
import Playlists
import Testing

/// M3U and M3U8 parsing: paths, comments, `#EXTINF`, and the awkward encodings players write.
@Suite struct M3UPlaylistTests {
  let file = "/music/lists/set.m3u8"

  @Test func resolvesPathsAgainstThePlaylistFolder() throws {
    let playlist = try M3UPlaylist.parse("a.flac\n../b.flac\n/abs/c.flac\nsub dir/d e.flac\n", file: file)
    #expect(playlist.entries.map(\.path) == ["/music/lists/a.flac", "/music/b.flac", "/abs/c.flac", "/music/lists/sub dir/d e.flac"])
    #expect(playlist.entries.map(\.location) == ["a.flac", "../b.flac", "/abs/c.flac", "sub dir/d e.flac"])
    #expect(playlist.entries.map { $0.origin?.line } == [1, 2, 3, 4])
  }

  @Test func readsExtinfAndSkipsComments() throws {
    let text = """
      #EXTM3U
      # a comment

      #EXTINF:312,Artist - Title, with comma
      one.mp3
      #EXTINF:-1 tvg-id="x",Live
      two.mp3
      three.mp3
      """
    let entries = try M3UPlaylist.parse(text, file: file).entries
    #expect(entries.map(\.location) == ["one.mp3", "two.mp3", "three.mp3"])
    #expect(entries.map(\.playerTitle?.text) == ["Artist - Title, with comma", "Live", nil])
    #expect(entries.allSatisfy { $0.title == nil && $0.artist == nil }, "a player's title is not a title written for the purpose")
    #expect(entries.map(\.durationHint) == [312, nil, nil])
    #expect(entries.map { $0.origin?.line } == [5, 7, 8])
  }

  @Test func acceptsBOMAndCRLF() throws {
    let entries = try M3UPlaylist.parse("\u{FEFF}#EXTM3U\r\n#EXTINF:1,T\r\na.flac\r\nb.flac\r\n", file: file).entries
    #expect(entries.map(\.location) == ["a.flac", "b.flac"])
    #expect(entries.map(\.playerTitle?.text) == ["T", nil])
    #expect(entries.map { $0.origin?.line } == [3, 4])
  }

  @Test func decodesFileURIs() throws {
    let entries = try M3UPlaylist.parse("file:///srv/My%20Music/%C3%A9t%C3%A9.flac\n", file: file).entries
    #expect(entries.map(\.path) == ["/srv/My Music/été.flac"])
  }

  @Test func readsLatin1WhenNotUTF8() throws {
    let folder = NSTemporaryDirectory() + "segue-m3u-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/old.m3u"
    try Data([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6D, 0x70, 0x33, 0x0A]).write(to: URL(fileURLWithPath: path))
    #expect(try M3UPlaylist.read(path: path).entries.map(\.location) == ["café.mp3"])
  }

  @Test func refusesNetworkStreamsWithTheirLine() {
    #expect(throws: PlaylistError(file: file, location: PlaylistLocation(file: file, line: 2), message: "'http://radio/x.mp3' is a network stream; Segue renders local files")) {
      try M3UPlaylist.parse("a.flac\nhttp://radio/x.mp3\n", file: file)
    }
  }

  @Test func missingPlaylistIsNamed() {
    let error = #expect(throws: PlaylistError.self) { try M3UPlaylist.read(path: "/nonexistent/list.m3u") }
    #expect(error?.description == "/nonexistent/list.m3u: playlist not found")
  }

  @Test func everyExamplePlaylistParses() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../playlists").standardizedFileURL.path
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".m3u") || $0.hasSuffix(".m3u8") }
    #expect(!names.isEmpty)
    for name in names {
      let playlist = try M3UPlaylist.read(path: "\(folder)/\(name)")
      #expect(!playlist.entries.isEmpty, "\(name) names no tracks")
    }
  }
}
