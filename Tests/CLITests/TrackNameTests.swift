import AudioTestSupport
import Foundation
import Testing

/// One rule names a track, whatever playlist named it, and every output that shows a name follows
/// it: the tracklist, chapters, the CUE sheet, `plan` (table and JSON), the SVG picture,
/// `--progress json` and `analyze --json`.
@Suite struct TrackNameTests {
  /// A track (`track.flac`, with `tags`) named by a playlist, or given alone, and the artist and
  /// title every output must show for it.
  struct NameCase: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var tags: [String: String] = [:]
    /// The playlist's file name and text (naming `track.flac`), or nil to give the file itself.
    var playlist: Playlist?
    var artist: String?
    var title: String
    /// What a tracklist or chapter shows: `Artist - Title`, or the title alone when it already
    /// starts with the artist.
    var shown: String

    struct Playlist: Sendable {
      var name: String
      var text: String
    }

    init(_ description: String, tags: [String: String] = [:], playlist: Playlist?, artist: String?, title: String, shown: String? = nil) {
      testDescription = description
      self.tags = tags
      self.playlist = playlist
      self.artist = artist
      self.title = title
      self.shown = shown ?? (artist.map { "\($0) - \(title)" } ?? title)
    }
  }

  static let cases = [
    NameCase(
      "M3U display string split, no artist repeated", tags: ["artist": "Band"],
      playlist: .init(name: "set.m3u", text: "#EXTM3U\n#EXTINF:1,Band - Song\ntrack.flac\n"), artist: "Band", title: "Song"),
    NameCase(
      "M3U display string below the file's tags", tags: ["artist": "Real Artist", "title": "Real Title"],
      playlist: .init(name: "set.m3u", text: "#EXTM3U\n#EXTINF:1,Other - Thing\ntrack.flac\n"), artist: "Real Artist",
      title: "Real Title"),
    NameCase(
      "M3U display string that names no artist",
      playlist: .init(name: "set.m3u8", text: "#EXTM3U\n#EXTINF:1,Just a Title\ntrack.flac\n"), artist: nil, title: "Just a Title"),
    NameCase(
      "PLS title split", playlist: .init(name: "set.pls", text: "[playlist]\nFile1=track.flac\nTitle1=Band - Song\nNumberOfEntries=1\n"),
      artist: "Band", title: "Song"),
    NameCase(
      "XSPF creator below the file's artist tag", tags: ["artist": "Tagged"],
      playlist: .init(name: "set.xspf", text: xspf("<title>Song</title><creator>Band</creator>")), artist: "Tagged", title: "Song"),
    NameCase(
      "XSPF title split without a creator", playlist: .init(name: "set.xspf", text: xspf("<title>Band - Song</title>")),
      artist: "Band", title: "Song"),
    NameCase(
      "CUE TITLE and PERFORMER above the file's tags", tags: ["artist": "Tag Artist", "title": "Tag Title"],
      playlist: .init(
        name: "disc.cue", text: "FILE \"track.flac\" WAVE\n  TRACK 01 AUDIO\n    TITLE \"Cue Song\"\n    PERFORMER \"Cue Band\"\n    INDEX 01 00:00:00\n"),
      artist: "Cue Band", title: "Cue Song"),
    NameCase(
      "YAML title and artist above the file's tags", tags: ["artist": "Tag Artist", "title": "Tag Title"],
      playlist: .init(name: "set.yaml", text: "version: 1\nentries:\n  - file: track.flac\n    title: Yaml Song\n    artist: Yaml Band\n"),
      artist: "Yaml Band", title: "Yaml Song"),
    NameCase("a file's tags", tags: ["artist": "Tag Artist", "title": "Tag Title"], playlist: nil, artist: "Tag Artist", title: "Tag Title"),
    NameCase(
      "a title tag that starts with the artist", tags: ["artist": "Band", "title": "Band - Live"], playlist: nil, artist: "Band",
      title: "Band - Live", shown: "Band - Live"),
    NameCase("an untagged file: its name", playlist: nil, artist: nil, title: "track"),
  ]

  @Test(arguments: cases)
  func everyOutputShowsTheSameName(_ nameCase: NameCase) throws {
    let fixture = try Fixture()
    try FFmpegCLI.make(
      ["-f", "lavfi", "-i", "sine=f=440:r=44100:d=0.2"] + nameCase.tags.sorted { $0.key < $1.key }.flatMap { ["-metadata", "\($0.key)=\($0.value)"] }
        + [fixture.file("track.flac")])
    let argument = nameCase.playlist?.name ?? "track.flac"
    if let playlist = nameCase.playlist { try fixture.write(playlist.name, Data(playlist.text.utf8)) }

    let render = try fixture.run([
      "render", argument, "-o", "out.flac", "--chapters", "--cue", "out.cue", "--tracklist", "out.txt", "--progress", "json",
    ])
    try #require(render.status == 0, "\(render.stderr)")
    #expect(try String(contentsOfFile: fixture.file("out.txt"), encoding: .utf8) == "0:00 \(nameCase.shown)\n")
    let chapters = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "chapter_tags=title", "-of", "default=nw=1:nk=1", fixture.file("out.flac")])
    #expect(String(decoding: chapters.stdout, as: UTF8.self) == "\(nameCase.shown)\n")
    let cue = try String(contentsOfFile: fixture.file("out.cue"), encoding: .utf8)
    let cueTrack = "  TRACK 01 AUDIO\n    TITLE \"\(nameCase.title)\"\n" + (nameCase.artist.map { "    PERFORMER \"\($0)\"\n" } ?? "") + "    INDEX 01"
    #expect(cue.contains(cueTrack), "\(cue)")
    let progress = try #require(render.stderr.split(separator: "\n").last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
    #expect(progress["track"] as? String == nameCase.shown)

    let table = try fixture.run(["plan", argument, "--svg", "out.svg"])
    // The table names the file beside the track's name, or alone when the name is the file's.
    let label = nameCase.shown == "track" ? "  track.flac\n" : "  \(nameCase.shown) ("
    #expect(table.stdout.contains(label), "\(table.stdout)")
    let svg = try String(contentsOfFile: fixture.file("out.svg"), encoding: .utf8)
    #expect(svg.contains(">01  \(nameCase.shown)</text>"), "\(svg)")
    let json = try fixture.run(["plan", argument, "--json"])
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let track = try #require((plan["tracks"] as? [[String: Any]])?.first)
    #expect(track["title"] as? String == nameCase.title)
    #expect(track["artist"] as? String == nameCase.artist)
    let analysis = try fixture.run(["analyze", argument, "--json"])
    let measured = try #require(
      (try JSONSerialization.jsonObject(with: Data(analysis.stdout.utf8)) as? [String: Any])?["tracks"] as? [[String: Any]])
    #expect(measured.first?["title"] as? String == nameCase.title)
    #expect(measured.first?["artist"] as? String == nameCase.artist)
  }

  /// Templates name chapters and CUE titles by title alone, as audiobooks want, and number a
  /// tracklist; a separator beside a missing field goes with it.
  @Test func templatesSpellChaptersCueTitlesAndTracklists() throws {
    let fixture = try Fixture()
    for (index, title) in ["Chapter One", "Chapter Two"].enumerated() {
      try FFmpegCLI.make([
        "-f", "lavfi", "-i", "sine=f=440:r=44100:d=0.5", "-metadata", "title=\(title)", "-metadata", "artist=Author",
        fixture.file("0\(index + 1).flac"),
      ])
    }
    let result = try fixture.run([
      "render", "01.flac", "02.flac", "-o", "book.m4b", "--chapters", "--chapter-title", "{title}", "--cue", "book.cue",
      "--tracklist", "book.txt", "--tracklist-format", "{n}. {title} ({album})",
    ])
    try #require(result.status == 0, "\(result.stderr)")
    let chapters = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "chapter_tags=title", "-of", "default=nw=1:nk=1", fixture.file("book.m4b")])
    #expect(String(decoding: chapters.stdout, as: UTF8.self) == "Chapter One\nChapter Two\n")
    #expect(try String(contentsOfFile: fixture.file("book.txt"), encoding: .utf8) == "0:00 1. Chapter One\n0:01 2. Chapter Two\n")
    let cue = try String(contentsOfFile: fixture.file("book.cue"), encoding: .utf8)
    #expect(cue.contains("  TRACK 02 AUDIO\n    TITLE \"Chapter Two\"\n    PERFORMER \"Author\"\n    INDEX 01 00:00:"), "\(cue)")
    let artistInTitle = try fixture.run(["render", "01.flac", "02.flac", "-o", "x.flac", "--chapter-title", "{n} {artist}: {title}", "--cue", "x.cue"])
    try #require(artistInTitle.status == 0, "\(artistInTitle.stderr)")
    let named = try String(contentsOfFile: fixture.file("x.cue"), encoding: .utf8)
    #expect(named.contains("  TRACK 01 AUDIO\n    TITLE \"1 Author: Chapter One\"\n    INDEX 01"), "no PERFORMER when the title names the artist: \(named)")
  }

  /// An XSPF playlist of `track.flac` with `fields` in its track.
  static func xspf(_ fields: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <playlist version="1" xmlns="http://xspf.org/ns/0/">
      <trackList><track><location>track.flac</location>\(fields)</track></trackList>
    </playlist>

    """
  }
}

/// Every output puts a track where tracklists and chapters do: at its listed start, the middle of
/// the crossfade it enters by, and says so.
@Suite struct TrackStartTests {
  @Test func planAndPictureGiveTheListedStart() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let names = Album.tracks.prefix(2).map(\.name)
    // Track 2's audio begins 22,050 frames before track 1 ends; it is listed half way through that.
    let clipStart = Album.tracks[0].frames - 22_050
    let listedStart = clipStart + 11_025
    let table = try fixture.run(["plan"] + names + ["--crossfade", "0.5", "--svg", "out.svg"])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("listed: where tracklists, chapters and cue sheets start the track"), "\(table.stdout)")
    #expect(table.stdout.contains("\n  2  0:02.018     0:01.768     0:04.489"), "\(table.stdout)")
    let svg = try String(contentsOfFile: fixture.file("out.svg"), encoding: .utf8)
    #expect(svg.contains(">starts 0:02.018<"), "\(svg)")
    #expect(!svg.contains(">starts 0:01.768<"))
    let json = try fixture.run(["plan"] + names + ["--crossfade", "0.5", "--json"])
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let second = try #require((plan["tracks"] as? [[String: Any]])?.last)
    #expect(second["listedStart"] as? Int == listedStart)
    #expect(second["start"] as? Int == clipStart)
  }
}
