import AudioTestSupport
import Foundation
import Playlists
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
  /// path of every open element, so a document nested n deep cost n²; 10,000 levels (30 KB) now
  /// take milliseconds and end in the parser's own error.
  @Test(arguments: ["<a>", "<trackList><track>", "<trackList><track><location>"])
  func xspfNestedTenThousandDeep(_ opener: String) {
    let text = "<playlist>" + String(repeating: opener, count: 10_000)
    let start = ContinuousClock.now
    #expect(throws: PlaylistError.self) { try XSPFPlaylist.parse(text, file: "/fuzz/deep.xspf") }
    #expect(ContinuousClock.now - start < .seconds(1))
  }
}
