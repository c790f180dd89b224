import Foundation
import Playlists
import SamplePlaylists
import Testing

/// Every parser, and `PlaylistFile.read`, either reads or refuses (with a `PlaylistError` at a
/// real place) whatever bytes they are given: random ones, random playlist syntax, and valid
/// playlists cut short at every byte.
@Suite struct PlaylistRobustnessTests {
  /// The openings the random buffers are given, so that each parser gets past its header.
  static let headers = [
    "[playlist]\n", "#EXTM3U\n", "<?xml version=\"1.0\"?>\n<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\"><trackList><track>",
    "FILE \"a.wav\" WAVE\n  TRACK 01 AUDIO\n    INDEX 01 ", "version: 1\nentries:\n",
  ]

  /// Pieces of every format's syntax, for buffers that look like playlists.
  static let syntax = [
    "\n", "\r\n", "\r", " ", "\t", "\"", "=", ":", "/", "../", ".", "%", "%20", "&amp;", "&", ";", "<", ">", "</", "-1", "0", "1", "2",
    "75", "60", "99", "00:00:00", "01:61:00", "[playlist]", "File", "Title", "Length", "NumberOfEntries", "FILE ", "TRACK ",
    "INDEX ", "PREGAP ", "POSTGAP ", "TITLE ", "PERFORMER ", "REM ", "AUDIO", "WAVE", "<track>", "</track>", "<location>",
    "</location>", "<title>", "<duration>", "<trackList>", "</playlist>", "<![CDATA[", "]]>", "#EXTINF:", "file://", "http://",
    "a.flac", "b.pls", "c.m3u", "- file: ", "entries:", "{", "}", "[", "]", "é", "\u{FEFF}", "\0",
  ]

  /// 500 buffers of up to 2000 bytes, in ten batches that run in parallel.
  @Test(arguments: 0..<10)
  func randomBuffersAreReadOrRefused(batch: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var random = SplitMix64(seed: 0x5E6E + UInt64(batch))
    let names = ["r.m3u", "r.pls", "r.xspf", "r.cue", "r.txt", "r"]
    for index in 0..<50 {
      let length = Int.random(in: 0...2000, using: &random)
      var bytes: [UInt8] =
        index.isMultiple(of: 2)
        ? (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        : Array((0..<length / 6).map { _ in Self.syntax.randomElement(using: &random)! }.joined().utf8)
      if index % 3 == 0 { bytes = Array(Self.headers[index / 3 % Self.headers.count].utf8) + bytes }
      try check(bytes, in: folder, name: names[index % names.count])
    }
  }

  @Test(arguments: [
    ("list.pls", PlaylistSamples.pls), ("set.xspf", PlaylistSamples.xspf), ("live.cue", PlaylistSamples.cue),
    ("set.m3u", PlaylistSamples.m3u), ("mix.yaml", PlaylistSamples.native),
  ])
  func everyTruncationIsReadOrRefused(_ name: String, _ text: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let bytes = Array(text.utf8)
    for length in 0...bytes.count { try check(Array(bytes.prefix(length)), in: folder, name: name) }
  }

  /// Writes `bytes` to `name`, reads that file with every parser, then as a playlist.
  private func check(_ bytes: [UInt8], in folder: TemporaryFolder, name: String) throws {
    let file = try folder.write(name, bytes: bytes)
    for format in PlaylistFile.formats {
      if let error = refusal({ () throws(PlaylistError) in try format.read(path: file) }) {
        #expect(error.file == file && (error.location?.file ?? file) == file, "\(format): \(error)")
        expectPlace(error)
      }
    }
    if let error = refusal({ () throws(PlaylistError) in try PlaylistFile.read(path: file) }) { expectPlace(error) }
  }

  private func refusal(_ read: () throws(PlaylistError) -> Playlist) -> PlaylistError? {
    do throws(PlaylistError) {
      _ = try read()
      return nil
    } catch {
      return error
    }
  }

  /// A refusal says something, at a line and column that exist.
  private func expectPlace(_ error: PlaylistError) {
    #expect(!error.message.isEmpty)
    #expect((error.location?.line ?? 1) >= 1 && (error.location?.column ?? 1) >= 1, "\(error)")
  }
}

/// A small seeded generator (SplitMix64), so a failure found once is found again.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
