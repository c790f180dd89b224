import Foundation
import Playlists
import SamplePlaylists
import Testing

/// XSPF parsing: URIs, entities and optional fields, and the exact messages for what is refused.
@Suite struct XSPFPlaylistTests {
  let file = "/music/lists/set.xspf"

  @Test func readsTracksWithTheirFields() throws {
    let entries = try XSPFPlaylist.parse(PlaylistSamples.xspf, file: file).entries
    #expect(entries.map(\.path) == ["/srv/My Music/été.flac", "/music/lists/sub dir/two.mp3", "/music/three&four.ogg"])
    #expect(entries.map(\.location) == ["file:///srv/My%20Music/%C3%A9t%C3%A9.flac", "sub%20dir/two.mp3", "../three&four.ogg"])
    #expect(entries.map(\.playerTitle?.text) == ["Summer & Sun", nil, nil])
    #expect(entries.map(\.playerTitle?.artist) == ["Band <B>", nil, nil])
    #expect(entries.map(\.album) == ["Live & Loud", nil, nil])
    #expect(entries.map(\.durationHint) == [61.5, nil, nil])
    #expect(entries.map(\.origin) == [6, 14, 17].map { PlaylistLocation(file: file, line: $0) })
  }

  @Test func readsPrefixedElementsAndAbsolutePathReferences() throws {
    let text = """
      <x:playlist version="1" xmlns:x="http://xspf.org/ns/0/"><x:trackList>
      <x:track><x:location>/srv/a%23b.flac</x:location><x:title>A</x:title></x:track>
      </x:trackList></x:playlist>
      """
    let entries = try XSPFPlaylist.parse(text, file: file).entries
    #expect(entries.map(\.path) == ["/srv/a#b.flac"])
    #expect(entries.map(\.playerTitle?.text) == ["A"])
  }

  @Test func readsTextDecodedFromLatin1() throws {
    let text = "<?xml version='1.0' encoding='ISO-8859-1'?>\n<playlist xmlns='http://xspf.org/ns/0/'><trackList>"
      + "<track><location>caf\u{E9}.flac</location><title>\u{E9}t\u{E9}</title></track></trackList></playlist>"
    let entries = try XSPFPlaylist.parse(text, file: file).entries
    #expect(entries.map(\.path) == ["/music/lists/café.flac"])
    #expect(entries.map(\.playerTitle?.text) == ["été"])
  }

  @Test func acceptsFileURIsWithUnescapedCharacters() throws {
    let text = Self.header + "<trackList><track><location>file:///srv/My Music/[live] été.flac</location></track></trackList></playlist>"
    #expect(try XSPFPlaylist.parse(text, file: file).entries.map(\.path) == ["/srv/My Music/[live] été.flac"])
  }

  @Test func anEmptyTrackListIsAnEmptyPlaylist() throws {
    #expect(try XSPFPlaylist.parse("<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\"/>", file: file).entries.isEmpty)
  }

  @Test func probeNeedsThePlaylistElementAndTheNamespace() {
    #expect(XSPFPlaylist.probe(PlaylistSamples.xspf))
    #expect(!XSPFPlaylist.probe("<playlist><trackList/></playlist>"))
    #expect(!XSPFPlaylist.probe("#EXTM3U\nhttp://xspf.org/ns/0/track.mp3\n"))
  }

  static let header = "<?xml version=\"1.0\"?>\n<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\">\n"

  static let badCases = [
    MalformedCase(
      testDescription: "mismatched tags", text: header + "  <trackList>\n    <track><location>a.flac</track>\n",
      message: "/music/lists/set.xspf:4:36: not valid XML (opening and ending tag mismatch)"),
    MalformedCase(
      testDescription: "undeclared entity", text: header + "<trackList><track>\n<location>a&nbsp;b.flac</location>\n",
      message: "/music/lists/set.xspf:4:18: not valid XML (undeclared entity)"),
    MalformedCase(
      testDescription: "ends early", text: header + "  <trackList>\n    <track>\n",
      message: "/music/lists/set.xspf:4:12: not valid XML (the document ends inside <track>)"),
    MalformedCase(
      testDescription: "content after the end", text: header + "</playlist>\n<playlist/>\n",
      message: "/music/lists/set.xspf:4:1: not valid XML (extra content at the end of the document)"),
    MalformedCase(testDescription: "empty", text: "", message: "/music/lists/set.xspf:1:1: not valid XML (the document is empty)"),
    MalformedCase(
      testDescription: "no element", text: "xspf.org/ns <playlist",
      message: "/music/lists/set.xspf:1:1: not valid XML (start tag expected, '<' not found)"),
    MalformedCase(
      testDescription: "unquoted attribute", text: "<playlist version=1>\n",
      message: "/music/lists/set.xspf:1:19: not valid XML (attribute value without quotes)"),
    MalformedCase(
      testDescription: "another root", text: "<?xml version=\"1.0\"?>\n<rss xmlns=\"http://xspf.org/ns/0/\"><playlist/></rss>\n",
      message: "/music/lists/set.xspf:2:35: the root element is <rss>, not an XSPF <playlist>"),
    MalformedCase(
      testDescription: "track without location",
      text: header + "<trackList>\n  <track>\n    <title>T</title>\n  </track>\n</trackList></playlist>\n",
      message: "/music/lists/set.xspf:4: a <track> without a <location>"),
    MalformedCase(
      testDescription: "empty location", text: header + "<trackList>\n  <track><location> </location></track>\n</trackList></playlist>\n",
      message: "/music/lists/set.xspf:4: a <track> without a <location>"),
    MalformedCase(
      testDescription: "network location",
      text: header + "<trackList>\n  <track>\n    <location>https://example.com/a.mp3</location>\n  </track>\n</trackList></playlist>\n",
      message: "/music/lists/set.xspf:5: 'https://example.com/a.mp3' is a network stream; Segue renders local files"),
  ]

  @Test(arguments: badCases)
  func refusesWithExactMessage(_ bad: MalformedCase) {
    expectRefusal(XSPFPlaylist.self, bad, file: file)
  }
}
