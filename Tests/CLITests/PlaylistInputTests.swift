import Foundation
import Testing

/// Playlists as players write them: headers, comments, blank lines, CRLF, a BOM, relative paths
/// and percent-encoded `file://` URIs, all rendered gapless to the sample.
@Suite struct PlaylistInputTests {
  /// Where the album's tracks lie: beside the playlist, above it, below it, and far away.
  static let paths = ["audio/01 one.flac", "lists/02 two.flac", "lists/sub/03 three.flac", "My Music/été/04 four.flac"]

  @Test func rendersEveryKindOfEntryFromAnotherFolder() throws {
    let fixture = try Self.library()

    let result = try fixture.run(["render", "../lists/set.m3u8", "-o", "mix.flac", "--verify"], from: "work")

    expectSuccess(
      result,
      printing: [
        "Rendered 4 tracks to mix.flac (flac, 44100 Hz, stereo)", "Length: 0:10.000 = 441000 sample frames",
        "Verified: FFmpeg decodes 441000 sample frames, as the timeline says",
      ], in: fixture)
    #expect(try fixture.samples("work/mix.flac") == Album.samples(in: fixture, at: Self.paths))
  }

  @Test func joinsPlaylistsAndFilesInTheOrderGiven() throws {
    let fixture = try Self.library()

    let result = try fixture.run(["render", "../audio/01 one.flac", "../lists/set.m3u8", "-o", "mix.flac"], from: "work")

    let frames = Album.tracks[0].frames + Album.frames
    expectSuccess(
      result,
      printing: ["Rendered 5 tracks to mix.flac (flac, 44100 Hz, stereo)", "Length: 0:12.268 = \(frames) sample frames"],
      in: fixture)
    #expect(try fixture.samples("work/mix.flac") == Album.samples(in: fixture, at: [Self.paths[0]] + Self.paths))
  }

  /// The album laid out as `paths` says, `lists/set.m3u8` naming it, and an empty `work/` to run in.
  private static func library() throws -> Fixture {
    let fixture = try Fixture([.folder("work")])
    try Album.make(in: fixture, at: paths)
    let uri = "file://" + fixture.file(paths[3]).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
    #expect(uri.contains("My%20Music/%C3%A9t%C3%A9/04%20four.flac"))
    let lines = [
      "\u{FEFF}#EXTM3U", "# Made by hand: every kind of line a player writes", "",
      "#EXTINF:2,Artist - One, with a comma", "../audio/01 one.flac", "#EXTINF:-1 tvg-id=\"x\",Two", "02 two.flac",
      "", "  sub/03 three.flac  ", uri, "",
    ]
    try fixture.write("lists/set.m3u8", Data(lines.joined(separator: "\r\n").utf8))
    return fixture
  }
}
