import Foundation
import Playlists
import SamplePlaylists
import Testing

/// Reading any playlist: the parser chosen by content before extension, and playlists inside
/// playlists expanded in place, cycles refused.
@Suite struct PlaylistFileTests {
  struct ContentCase: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var name: String
    var text: String
    var titles: [String?]
  }

  static let contentCases = [
    ContentCase(testDescription: "PLS saved as .m3u", name: "radio.m3u", text: PlaylistSamples.pls, titles: [nil, "Bee", nil]),
    ContentCase(testDescription: "XSPF saved as .txt", name: "set.txt", text: PlaylistSamples.xspf, titles: ["Summer & Sun", nil, nil]),
    ContentCase(
      testDescription: "CUE without an extension", name: "live", text: PlaylistSamples.cue, titles: ["Opening", "Second", "Third One", "Closing"]),
    ContentCase(testDescription: "M3U saved as .cue", name: "wrong.cue", text: PlaylistSamples.m3u, titles: ["Band - One", nil]),
    ContentCase(testDescription: "YAML saved as .pls", name: "mix.pls", text: PlaylistSamples.native, titles: [nil, nil]),
  ]

  @Test(arguments: contentCases)
  func choosesTheParserByContent(_ content: ContentCase) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(content.name, content.text)
    #expect(PlaylistFile.isPlaylist(path))
    #expect(try PlaylistFile.read(path: path).entries.map { $0.title ?? $0.playerTitle?.text } == content.titles)
  }

  @Test func eachSampleIsClaimedByItsOwnProbeOnly() {
    let samples: [(String, (any PlaylistFormat.Type)?)] = [
      (PlaylistSamples.pls, PLSPlaylist.self), (PlaylistSamples.xspf, XSPFPlaylist.self), (PlaylistSamples.cue, CUESheet.self),
      (PlaylistSamples.m3u, M3UPlaylist.self), (PlaylistSamples.native, NativePlaylist.self), ("a.flac\nb.flac\n", nil),
    ]
    for (text, owner) in samples {
      let claiming = PlaylistFile.formats.filter { $0.probe(text) }.map { "\($0)" }
      #expect(claiming == owner.map { ["\($0)"] } ?? [], "\(text.prefix(20))")
    }
  }

  @Test func expandsAPLSNamedInAnM3UInPlace() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("sub/list.pls", "[playlist]\nFile2=../two.flac\nFile1=one.flac\nNumberOfEntries=2\n")
    let top = try folder.write("a.m3u", "first.flac\nsub/list.pls\nlast.flac\n")
    let entries = try PlaylistFile.read(path: top).entries
    #expect(entries.map(\.path) == ["first.flac", "sub/one.flac", "two.flac", "last.flac"].map { "\(folder.path)/\($0)" })
    #expect(entries.map { $0.origin?.file.hasSuffix("list.pls") } == [false, true, true, false])
  }

  @Test func keepsACueSheetsCuePointsWhenExpanded() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("live.cue", PlaylistSamples.cue)
    let top = try folder.write(
      "set.xspf", XSPFPlaylistTests.header + "<trackList><track><location>live.cue</location></track></trackList></playlist>")
    let entries = try PlaylistFile.read(path: top).entries
    #expect(entries.count == 4)
    #expect(entries[1].options.inPoint == .cdFrames((5 * 60 + 1) * 75))
  }

  @Test func refusesAPlaylistThatIncludesItself() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = try folder.write("a.m3u", "a.m3u\n")
    let error = #expect(throws: PlaylistError.self) { try PlaylistFile.read(path: a) }
    #expect(error?.description == "\(folder.path)/a.m3u:1: a.m3u includes itself (a.m3u -> a.m3u)")
  }

  @Test func refusesACycleThroughAnotherPlaylist() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = try folder.write("a.m3u", "b.m3u\n")
    try folder.write("b.m3u", "a.m3u\n")
    let error = #expect(throws: PlaylistError.self) { try PlaylistFile.read(path: a) }
    #expect(error?.description == "\(folder.path)/b.m3u:1: a.m3u includes itself (a.m3u -> b.m3u -> a.m3u)")
  }

  @Test func readsALatin1PLS() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("old.pls", bytes: Array("[playlist]\nFile1=caf".utf8) + [0xE9] + Array(".mp3\n".utf8))
    #expect(try PlaylistFile.read(path: path).entries.map(\.location) == ["café.mp3"])
  }

  @Test func namesTheFormatsItReads() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("notes", "just some words\n")
    let error = #expect(throws: PlaylistError.self) { try PlaylistFile.read(path: path) }
    #expect(error?.description == "\(path): not a playlist Segue can read (M3U, PLS, XSPF, CUE or Segue's YAML/JSON)")
  }
}

/// Paths taken apart without Foundation's NSString methods, which trap on names such as `//é//`.
@Suite struct PathTextTests {
  @Test func namesThatTrapNSStringAreTakenApart() {
    let hostile = "//" + String(repeating: "/", count: 9) + "é" + String(repeating: "/", count: 13)
    #expect(PathText.lastComponent(hostile) == "é")
    #expect(PathText.stem(hostile) == "é")
    #expect(PathText.fileExtension(hostile) == "")
  }

  @Test(arguments: [
    ("a/b/01 one.flac", "01 one.flac", "a/b", "flac", "01 one"), ("/x.FLAC", "x.FLAC", "/", "flac", "x"),
    ("plain", "plain", "", "", "plain"), (".hidden", ".hidden", "", "", ".hidden"), ("dir/", "dir", "", "", "dir"),
  ])
  func takesPathsApartAsFoundationDoes(_ example: (String, String, String, String, String)) {
    let (path, last, folder, fileExtension, stem) = example
    #expect(PathText.lastComponent(path) == last)
    #expect(PathText.deletingLastComponent(path) == folder)
    #expect(PathText.fileExtension(path) == fileExtension)
    #expect(PathText.stem(path) == stem)
  }
}
