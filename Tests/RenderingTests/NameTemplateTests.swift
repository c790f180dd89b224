import Playlists
import Rendering
import Testing

/// Templates spell a track's name; a missing field takes its brackets and separator with it.
@Suite struct NameTemplateTests {
  static let full = TrackName(title: "Song", artist: "Band", album: "Record", file: "03 song")
  static let bare = TrackName(title: "Song", file: "03 song")

  static let cases: [(template: String, name: TrackName, expected: String)] = [
    ("{artist} - {title}", full, "Band - Song"),
    ("{artist} - {title}", bare, "Song"),
    ("{title}", full, "Song"),
    ("{n}. {title}", full, "3. Song"),
    ("{n}. {artist} - {title}", bare, "3. Song"),
    ("{title} ({album})", full, "Song (Record)"),
    ("{title} ({album})", bare, "Song"),
    ("{artist} - {title} [{album}]", bare, "Song"),
    ("{album}: {artist} - {title}", bare, "Song"),
    ("{album}: {artist} - {title}", TrackName(title: "Song", album: "Record", file: "x"), "Record: Song"),
    ("Chapter {n}: {title}", bare, "Chapter 3: Song"),
    ("{file}", full, "03 song"),
    ("{artist}", bare, "Song"),
    ("“{title}” by {artist}", bare, "“Song”"),
    ("{artist}: “{title}”", bare, "“Song”"),
    ("{artist} - {title}", TrackName(title: "Band - Live", artist: "Band", file: "x"), "Band - Live"),
    ("{artist} - {title}", TrackName(title: "Bandwagon", artist: "Band", file: "x"), "Band - Bandwagon"),
    ("{artist} - {title}", TrackName(title: "Weezer", artist: "Weezer", file: "x"), "Weezer - Weezer"),
    ("{title} / {artist}", TrackName(title: "Band - Live", artist: "Band", file: "x"), "Band - Live"),
  ]

  @Test(arguments: cases)
  func spellsTheName(template: String, name: TrackName, expected: String) throws {
    #expect(try NameTemplate(template).text(for: name, number: 3) == expected)
  }

  @Test(arguments: [
    ("{year} - {title}", "unknown field {year} in '{year} - {title}' (the fields are {artist}, {title}, {album}, {n}, {file})"),
    ("{title", "'{' is never closed in '{title'"),
    ("Chapter", "'Chapter' names no field (such as {title} or {artist})"),
    ("", "'' names no field (such as {title} or {artist})"),
  ])
  func refusesWithExactMessage(template: String, message: String) {
    let error = #expect(throws: NameTemplate.ParseError.self) { try NameTemplate(template) }
    #expect(error?.description == message)
  }

  @Test func standardIsArtistDashTitle() throws {
    #expect(try NameTemplate("{artist} - {title}") == NameTemplate.standard)
  }
}

/// The one rule for a track's artist and title: the user's fields, the file's tags, a player's
/// display string, the file's name.
@Suite struct TrackNameRuleTests {
  static func input(title: String? = nil, artist: String? = nil, player: PlayerTitle? = nil) -> InputSource {
    var input = InputSource(path: "/music/04 Song File.flac", displayName: "sub/04 Song File.flac", title: title)
    input.artist = artist
    input.playerTitle = player
    return input
  }

  static let cases: [(input: InputSource, tags: [String: String], artist: String?, title: String)] = [
    (input(title: "Mine", artist: "Me"), ["title": "Tag", "artist": "Tagged"], "Me", "Mine"),
    (input(title: "Mine"), ["title": "Tag", "artist": "Tagged"], "Tagged", "Mine"),
    (input(player: PlayerTitle(text: "Band - Song")), ["title": "Tag", "artist": "Tagged"], "Tagged", "Tag"),
    (input(player: PlayerTitle(text: "Band - Song")), ["artist": "Tagged"], "Tagged", "Song"),
    (input(player: PlayerTitle(text: "Band - Song")), [:], "Band", "Song"),
    (input(player: PlayerTitle(text: "Song", artist: "Creator")), [:], "Creator", "Song"),
    (input(player: PlayerTitle(text: "Song")), ["title": "  "], nil, "Song"),
    (input(), [:], nil, "04 Song File"),
  ]

  @Test(arguments: cases)
  func takesEachFieldFromTheFirstSourceThatGivesIt(input: InputSource, tags: [String: String], artist: String?, title: String) {
    let name = TrackName(input: input, tags: tags)
    #expect(name.artist == artist)
    #expect(name.title == title)
  }

  @Test func albumComesFromThePlaylistThenTheTags() {
    var input = Self.input()
    #expect(TrackName(input: input, tags: ["album": "Tagged"]).album == "Tagged")
    input.album = "Disc"
    #expect(TrackName(input: input, tags: ["album": "Tagged"]).album == "Disc")
  }
}
