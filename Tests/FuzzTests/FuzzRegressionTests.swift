import AudioTestSupport
import Foundation
import FuzzSupport
@testable import Playlists
import Testing

/// Inputs that crashed or stalled a parser under fuzzing, byte for byte, and the smallest
/// inputs that show the same fault.
struct FuzzRegressionTests {
  /// PlaylistFile, seed 12, input 77: a PLS entry of 9429 slashes, byte 0xF3 (Latin-1 'ó') and
  /// 13014 slashes trapped in `NSString.pathExtension` (swift-corelibs-foundation), which
  /// `PlaylistFile.isPlaylist` asked of every entry.
  @Test func plsEntryOfSlashesAroundOneNonASCIILetter() throws {
    let folder = TemporaryFolder("segue-fuzz")
    let path = folder.file("playlist.m3u")
    let bytes = Array("[playlist]\nFile1=one.flac\nTitle1=One\nLength1=61\nFile2=".utf8)
      + [UInt8](repeating: 0x2F, count: 9429) + [0xF3] + [UInt8](repeating: 0x2F, count: 13014)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    #expect(try PlaylistFile.read(path: path).entries.count == 2)
  }

  @Test(arguments: [
    ("//é//", false), ("/x//€//", false), ("a//ó//", false), ("//é//b.M3U", true), ("dir.pls/", true), (".m3u", false),
    ("a.", false), ("/music/set.cue", true), ("/music/set.flac", false),
  ])
  func isPlaylistByExtension(_ path: String, _ isPlaylist: Bool) {
    #expect(PlaylistFile.isPlaylist(path) == isPlaylist)
  }

  /// XSPF, FuzzTests' first run: an input took 9.2 s in a debug build. Each opening tag built the
  /// path of every open element, so a document nested n deep cost n²; now the reader looks at no
  /// more than three open elements for each (`elementsVisited` counts every look at the path), so
  /// 10,000 levels (30 KB) end in the parser's own error after as many looks per level as 10 do.
  /// Counted, not timed: the count is the same on a busy machine as on an idle one.
  @Test(arguments: ["<a>", "<trackList><track>", "<trackList><track><location>"])
  func xspfNestedTenThousandDeep(_ opener: String) {
    let visited = { (depth: Int) -> Int in
      let reader = XSPFReader()
      #expect(throws: PlaylistError.self) { try reader.read("<playlist>" + String(repeating: opener, count: depth), file: "/fuzz/deep.xspf") }
      return reader.elementsVisited
    }
    let (shallow, deep) = (visited(10), visited(10_000))
    let elements = 1 + 10_000 * opener.count { $0 == "<" }
    #expect(deep <= 3 * elements, "10,000 levels: \(deep) looks at open elements for \(elements) elements")
    #expect(shallow <= 3 * (1 + 10 * opener.count { $0 == "<" }))
  }

  /// fuzz-xspf (libFuzzer), 481 bytes: a seed with three NUL bytes before it and more inside
  /// crashed the process with SIGSEGV in libxml2's xmlParseChunk; three NULs and a tag are enough.
  @Test(arguments: [
    ("\0\0\0<p>ab", 1, 1),
    ("\0\0\0<playlist/>", 1, 1),
    ("<playlist>\n  <title>a\0</title></playlist>", 2, 11),
  ])
  func xspfWithNULBytes(_ text: String, _ line: Int, _ column: Int) {
    #expect(throws: PlaylistError(
      file: "/fuzz/nul.xspf", location: PlaylistLocation(file: "/fuzz/nul.xspf", line: line, column: column),
      message: "not valid XML (invalid character: a NUL byte)")
    ) { try XSPFPlaylist.parse(text, file: "/fuzz/nul.xspf") }
  }

  /// The 481 bytes fuzz-xspf wrote (crash-38e72eae…), read as a user's `.xspf` file would be.
  @Test func xspfLibFuzzerCrashBytes() throws {
    let base64 = [
      "AAAAPD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPHBsYXlsaXN0IHZlcnNpb249IjEiIHhtbG5zPSJodHRw",
      "Oi8veHNwZi5vcmcvbnMvMC8iPgogIDx0aXRsZT5NaXg8L3RpdGxlPgogIDx0cmFja0xpc3Q+CiAgICA8dHJhY2s+PGxvY2F0aW9u",
      "PmZpbGU6Ly8vc3J2L2ElMjBiLyVDMyVBOS5mbGFjPC9sb2NhdGlvbj48dGkAAHAECv8AAAAAAHB0bGU+T25lICZhbXA7IFR3bzwv",
      "dGl0bGU+PGNyZWF0b3I+QmFuZDwvY3JlYXRvcj48ZHVyYXRpb24+NjE1MDA8L2R1cmF0aW9uPjwvdHJhY2s+CiAgICA8dHJhY2s+",
      "PGxvY2F0aW9uPnJlbC90d28ubXAzPC9sb2NhdGlvbj48YWxidW0+PCFbQ0RBVEFbTGl2ZSAmIExvdWRdXT48L2EEbGJ1bT48L3Ry",
      "YWNrPgogICAgPHRyYXRocmVlLm9nZzwvbG9jYXRpb24+PGV4dGVuc2lvbiBhcHBsaWNhdGlvbj0ieCI+PHRpdGxlPm5vPC90aXRs",
      "ZT48L2V4dD5lbnNpb24+PC90cmFjaz4KICA8L3RyYQ==",
    ].joined()
    let bytes = try #require(Data(base64Encoded: base64))
    #expect(bytes.count == 481)
    let folder = TemporaryFolder("segue-fuzz")
    let path = folder.file("crash.xspf")
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(throws: PlaylistError.self) { try PlaylistFile.read(path: path) }
  }

  /// PlaylistFile, seed 1, input 401491 (Benchmarks/fuzz): an XSPF opening with `<?x?>` crashed
  /// with SIGSEGV in strlen: FoundationXML measures a processing instruction's data, which libxml2
  /// leaves null when there is none. Anywhere in the document, and valid XML.
  @Test(arguments: ["<?x?><playlist/>", "<playlist><?pi?></playlist>", "<?xml-stylesheet?>\n<playlist/>", "<playlist/><?x?>"])
  func xspfInstructionWithoutData(_ text: String) {
    #expect((try? XSPFPlaylist.parse(text, file: "/fuzz/pi.xspf"))?.entries.count == 0)
  }

  @Test func xspfInstructionWithoutDataKeepsTracks() throws {
    let text = "<?x?><playlist><trackList><track><location>a.flac</location><?y?></track></trackList></playlist>"
    #expect(try XSPFPlaylist.parse(text, file: "/fuzz/pi.xspf").entries.map(\.location) == ["a.flac"])
  }

  /// The exact 714 bytes of that input, made again from the run's seed and number, through
  /// `PlaylistFile.read` as the benchmark gave them.
  @Test func playlistFileInput401491() {
    let folder = TemporaryFolder("segue-fuzz")
    let target = FuzzTarget.playlistFile(in: folder.path)
    let input = FuzzInputs(seeds: target.seeds, seed: 1).input(401_491)
    #expect(input.count == 714)
    #expect(input.starts(with: Array("<?x?>\n<playlist".utf8)))
    _ = target.parse(input)
  }

  /// XSPF, seed 1, input 70300 (Benchmarks/fuzz): the same fault, from a long instruction name
  /// (`<?xxxx…?>`); now the parser's own error at line 2.
  @Test func xspfInput70300() {
    let target = FuzzTarget.playlistParsers.first { $0.name == "XSPF" }!
    let input = FuzzInputs(seeds: target.seeds, seed: 1).input(70_300)
    #expect(input.starts(with: Array("<?xxxxxxxx".utf8)))
    #expect(target.parse(input) == .refused)
  }
}
