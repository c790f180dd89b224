import Rendering
import Testing

/// The mix's tags: the options, then the playlist's own fields, then what every track shares, then
/// the playlist's name; never the first track's alone.
@Suite struct MixTagsTests {
  static let cases: [(description: String, shared: [String: String], playlist: PlaylistTags, overrides: [String: String], tags: [String: String])] = [
    ("nothing shared, no playlist", [:], PlaylistTags(), [:], [:]),
    ("the playlist's name", [:], PlaylistTags(name: "friday"), [:], ["title": "friday"]),
    (
      "an album every track shares, above the name", ["album": "Blue", "artist": "Band", "date": "1999", "genre": "Jazz"],
      PlaylistTags(name: "blue"), [:], ["title": "Blue", "album": "Blue", "artist": "Band", "date": "1999", "genre": "Jazz"]
    ),
    ("an album artist above the shared artist", ["album": "Blue", "album_artist": "Various", "artist": "Band"], PlaylistTags(), [:],
     ["title": "Blue", "album": "Blue", "album_artist": "Various", "artist": "Various"]),
    ("one track's own title", ["title": "Song", "album": "Blue"], PlaylistTags(), [:], ["title": "Song", "album": "Blue"]),
    (
      "the playlist's fields above what is shared", ["album": "Blue", "artist": "Band"],
      PlaylistTags(fields: ["title": "Kind", "album": "Kind", "artist": "Miles", "comment": "EAC"], name: "disc"), [:],
      ["title": "Kind", "album": "Kind", "artist": "Miles", "comment": "EAC"]
    ),
    (
      "the options above all", ["album": "Blue"], PlaylistTags(fields: ["title": "Kind"], name: "disc"), ["title": "Friday", "date": "2024"],
      ["title": "Friday", "album": "Blue", "date": "2024"]
    ),
  ]

  @Test(arguments: cases)
  func followsTheRule(description: String, shared: [String: String], playlist: PlaylistTags, overrides: [String: String], tags: [String: String]) {
    #expect(MixTags.tags(sharedTags: shared, playlist: playlist, overrides: overrides) == tags, "\(description)")
  }
}
