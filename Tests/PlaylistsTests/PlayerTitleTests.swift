import Playlists
import Testing

/// A player's display string becomes an artist and a title only when it has the form
/// "Artist - Title", or repeats the artist the playlist gives apart.
@Suite struct PlayerTitleTests {
  static let cases: [(text: String?, artist: String?, parts: [String?])] = [
    ("Band - Song", nil, ["Band", "Song"]),
    ("Artist - Title, with comma", nil, ["Artist", "Title, with comma"]),
    ("A - B - C", nil, ["A", "B - C"]),
    ("Band – Song", nil, ["Band", "Song"]),
    ("Band — Song", nil, ["Band", "Song"]),
    ("Just a Title", nil, [nil, "Just a Title"]),
    ("Re-Mix", nil, [nil, "Re-Mix"]),
    ("Band - ", nil, [nil, "Band - "]),
    (" - Song", nil, [nil, " - Song"]),
    ("Summer & Sun", "Band", ["Band", "Summer & Sun"]),
    ("Band - Song", "Band", ["Band", "Song"]),
    ("Other - Song", "Band", ["Band", "Other - Song"]),
    (nil, "Band", ["Band", nil]),
  ]

  @Test(arguments: cases)
  func splitsArtistAndTitle(text: String?, artist: String?, parts: [String?]) throws {
    let title = try #require(PlayerTitle(text: text, artist: artist))
    #expect([title.parts.artist, title.parts.title] == parts)
  }

  @Test func nothingGivenIsNoTitle() {
    #expect(PlayerTitle(text: nil, artist: nil) == nil)
  }
}
