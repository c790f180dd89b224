import Playlists
import SamplePlaylists
import Testing

/// PLS parsing: numbered keys in any case and order, and the exact messages for what is refused.
@Suite struct PLSPlaylistTests {
  let file = "/music/lists/list.pls"

  @Test func readsEntriesInNumberOrder() throws {
    let playlist = try PLSPlaylist.parse(PlaylistSamples.pls, file: file)
    #expect(playlist.entries.map(\.path) == ["/abs/a.flac", "/music/lists/b side.mp3", "/srv/My Music/c.ogg"])
    #expect(playlist.entries.map(\.location) == ["/abs/a.flac", "b side.mp3", "file:///srv/My%20Music/c.ogg"])
    #expect(playlist.entries.map(\.playerTitle?.text) == [nil, "Bee", nil])
    #expect(playlist.entries.map(\.durationHint) == [61.5, nil, nil])
    #expect(playlist.entries.map(\.origin) == [4, 2, 7].map { PlaylistLocation(file: file, line: $0) })
  }

  @Test func acceptsBOMBlankLinesAndSpacesAroundKeys() throws {
    let text = "\u{FEFF}\n  [playlist]  \n\n File1 = a.flac \nTitle1=\nLength1=soon\n"
    let entries = try PLSPlaylist.parse(text, file: file).entries
    #expect(entries.map(\.path) == ["/music/lists/a.flac"])
    #expect(entries.map(\.playerTitle) == [nil])
    #expect(entries.map(\.durationHint) == [nil])
    #expect(entries.map { $0.origin?.line } == [4])
  }

  @Test func aHeaderAloneIsAnEmptyPlaylist() throws {
    #expect(try PLSPlaylist.parse("[playlist]\nNumberOfEntries=0\n", file: file).entries.isEmpty)
  }

  @Test(arguments: ["[playlist]\nFile1=a.mp3", "\n\n[PLAYLIST]\r\n", "\u{FEFF}  [Playlist]\n"])
  func probeRecognisesTheHeader(_ text: String) {
    #expect(PLSPlaylist.probe(text))
  }

  @Test(arguments: ["", "File1=a.mp3\n[playlist]", "# note\n[playlist]", "#EXTM3U\n", "[playlist] x\n"])
  func probeRefusesOtherText(_ text: String) {
    #expect(!PLSPlaylist.probe(text))
  }

  static let badCases = [
    MalformedCase(testDescription: "empty", text: "\n \n", message: "/music/lists/list.pls: the playlist is empty"),
    MalformedCase(testDescription: "no header", text: "File1=a.mp3\n", message: "/music/lists/list.pls:1: missing the [playlist] header"),
    MalformedCase(
      testDescription: "another header", text: "\n\n[playlists]\nFile1=a.mp3\n", message: "/music/lists/list.pls:3: missing the [playlist] header"),
    MalformedCase(
      testDescription: "count too high", text: "[playlist]\nFile1=a.mp3\nFile2=b.mp3\n\nNumberOfEntries=3\nVersion=2\n",
      message: "/music/lists/list.pls:5: NumberOfEntries says 3 but 2 entries were found"),
    MalformedCase(
      testDescription: "count too low", text: "[playlist]\nNumberOfEntries=0\nFile1=a.mp3\n",
      message: "/music/lists/list.pls:2: NumberOfEntries says 0 but 1 entry was found"),
    MalformedCase(
      testDescription: "count not a number", text: "[playlist]\nNumberOfEntries=two\n",
      message: "/music/lists/list.pls:2: NumberOfEntries must be a whole number, not 'two'"),
    MalformedCase(
      testDescription: "title without file", text: "[playlist]\nFile1=a.mp3\nTitle2=Bee\nLength2=3\n",
      message: "/music/lists/list.pls:3: Title2 has no File2"),
    MalformedCase(
      testDescription: "length without file", text: "[playlist]\nlength4=3\ntitle4=Four\n",
      message: "/music/lists/list.pls:2: Length4 has no File4"),
    MalformedCase(
      testDescription: "line without =", text: "[playlist]\nFile1 a.mp3\n",
      message: "/music/lists/list.pls:2: expected key=value, not 'File1 a.mp3'"),
    MalformedCase(
      testDescription: "number not numeric", text: "[playlist]\nFileA=a.mp3\n",
      message: "/music/lists/list.pls:2: 'FileA' needs an entry number, like File1"),
    MalformedCase(
      testDescription: "no number", text: "[playlist]\ntitle=x\n", message: "/music/lists/list.pls:2: 'title' needs an entry number, like Title1"),
    MalformedCase(
      testDescription: "signed number", text: "[playlist]\nFile+1=a.mp3\n",
      message: "/music/lists/list.pls:2: 'File+1' needs an entry number, like File1"),
    MalformedCase(
      testDescription: "key twice", text: "[playlist]\nFile1=a.mp3\nfile1=b.mp3\n",
      message: "/music/lists/list.pls:3: File1 is given twice (first on line 2)"),
    MalformedCase(testDescription: "empty file", text: "[playlist]\nFile1=\n", message: "/music/lists/list.pls:2: File1 is empty"),
    MalformedCase(
      testDescription: "network stream", text: "[playlist]\nFile1=http://radio.example/stream\n",
      message: "/music/lists/list.pls:2: 'http://radio.example/stream' is a network stream; Segue renders local files"),
  ]

  @Test(arguments: badCases)
  func refusesWithExactMessage(_ bad: MalformedCase) {
    expectRefusal(PLSPlaylist.self, bad, file: file)
  }
}
