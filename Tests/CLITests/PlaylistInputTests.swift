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
        flacSegmentsNote(4), "Verified: FFmpeg decodes 441000 sample frames, as the timeline says",
      ], in: fixture)
    #expect(try fixture.samples("work/mix.flac") == Album.samples(in: fixture, at: Self.paths))
  }

  @Test func joinsPlaylistsAndFilesInTheOrderGiven() throws {
    let fixture = try Self.library()

    let result = try fixture.run(["render", "../audio/01 one.flac", "../lists/set.m3u8", "-o", "mix.flac"], from: "work")

    let frames = Album.tracks[0].frames + Album.frames
    expectSuccess(
      result,
      printing: [
        "Rendered 5 tracks to mix.flac (flac, 44100 Hz, stereo)", "Length: 0:12.268 = \(frames) sample frames", flacSegmentsNote(5),
      ],
      in: fixture)
    #expect(try fixture.samples("work/mix.flac") == Album.samples(in: fixture, at: [Self.paths[0]] + Self.paths))
  }

  /// `-` reads the playlist from standard input: its format told by content (plain lines are M3U,
  /// `version:` is Segue's YAML), relative paths from the current folder, once per command.
  @Test func readsAPlaylistFromStandardInput() throws {
    let fixture = try Self.library()
    let plain = Self.paths.map { "../" + $0 }.joined(separator: "\n") + "\n"

    let result = try fixture.run(["render", "-", "-o", "mix.flac"], from: "work", standardInput: plain)

    expectSuccess(
      result,
      printing: ["Rendered 4 tracks to mix.flac (flac, 44100 Hz, stereo)", "Length: 0:10.000 = 441000 sample frames", flacSegmentsNote(4)],
      in: fixture)
    #expect(try fixture.samples("work/mix.flac") == Album.samples(in: fixture, at: Self.paths))

    let yaml = "version: 1\nentries:\n" + Self.paths.prefix(2).map { "  - file: ../\($0)\n" }.joined()
    let plan = try fixture.run(["plan", "../audio/01 one.flac", "-"], from: "work", standardInput: yaml)
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(plan.stdout.hasPrefix("Plan: 3 tracks at 44100 Hz"), "\(plan.stdout)")

    let twice = try fixture.run(["plan", "-", "-"], from: "work", standardInput: plain)
    #expect(twice.status != 0)
    #expect(twice.stderr.contains("'-' (a playlist on standard input) can be given only once"), "\(twice.stderr)")
    let empty = try fixture.run(["plan", "-"], from: "work", standardInput: "# nothing\n")
    #expect(empty.stderr.contains("standard input: nothing to render"), "\(empty.stderr)")
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
