import AudioTestSupport
import Foundation
import Testing

/// The mix is tagged as a whole, never as its first track: the options as given, else the
/// playlist's own fields or its name; a CUE sheet's album fields kept; the cover a front cover.
@Suite struct MixTagTests {
  /// Two tracks from different albums, each tagged as a single track.
  static let trackTags = [
    ["title": "A", "artist": "X", "album": "One", "genre": "Rock", "date": "1999"],
    ["title": "B", "artist": "Y", "album": "Two", "genre": "Pop", "date": "2001"],
  ]

  struct TagCase: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var arguments: [String]
    var tags: [String: String]
  }

  static let cases = [
    TagCase(testDescription: "a playlist: its file name", arguments: ["friday set.m3u"], tags: ["title": "friday set"]),
    TagCase(
      testDescription: "the options as given", arguments: ["friday set.m3u", "--title", "Friday", "--artist", "DJ X", "--album", "Sets"],
      tags: ["title": "Friday", "artist": "DJ X", "album": "Sets"]),
    TagCase(testDescription: "the YAML format's title and artist", arguments: ["night.yaml"], tags: ["title": "Night Mix", "artist": "DJ Y"]),
    TagCase(testDescription: "the options over the YAML's", arguments: ["night.yaml", "--title", "Late"], tags: ["title": "Late", "artist": "DJ Y"]),
    TagCase(testDescription: "plain files: no title", arguments: ["a.flac", "b.flac"], tags: [:]),
  ]

  @Test(arguments: cases)
  func mixTagsLeaveTheFirstTracksOut(_ tagCase: TagCase) throws {
    let fixture = try Fixture()
    for (name, tags) in zip(["a.flac", "b.flac"], Self.trackTags) { try Self.tone(fixture, name, tags: tags) }
    try fixture.write("friday set.m3u", Data("#EXTM3U\na.flac\nb.flac\n".utf8))
    try fixture.write("night.yaml", Data("version: 1\ntitle: Night Mix\nartist: DJ Y\nentries:\n  - file: a.flac\n  - file: b.flac\n".utf8))
    let result = try fixture.run(["render"] + tagCase.arguments + ["-o", "out.flac"])
    try #require(result.status == 0, "\(result.stderr)")
    #expect(try Self.tags(fixture.file("out.flac")) == tagCase.tags)
  }

  /// A CUE sheet's disc TITLE, PERFORMER and REM lines describe the album: they tag the output and
  /// head the CUE sheet written for it.
  @Test func cueSheetAlbumFieldsAreKept() throws {
    let fixture = try Fixture()
    try Self.tone(fixture, "image.flac", tags: ["title": "Track One", "artist": "Someone", "album": "Other"], seconds: 0.4)
    let sheet = """
      REM GENRE Jazz
      REM DATE 1959
      REM DISCID 860B640B
      REM COMMENT "ExactAudioCopy v1.0"
      PERFORMER "Miles"
      TITLE "Kind"
      FILE "image.flac" WAVE
        TRACK 01 AUDIO
          TITLE "So What"
          INDEX 01 00:00:00
        TRACK 02 AUDIO
          TITLE "Blue"
          INDEX 01 00:00:15

      """
    try fixture.write("disc.cue", Data(sheet.utf8))
    let result = try fixture.run(["render", "disc.cue", "-o", "out.flac", "--cue", "out.cue"])
    try #require(result.status == 0, "\(result.stderr)")
    #expect(
      try Self.tags(fixture.file("out.flac"))
        == ["title": "Kind", "album": "Kind", "artist": "Miles", "genre": "Jazz", "date": "1959", "discid": "860B640B", "comment": "ExactAudioCopy v1.0"])
    let cue = try String(contentsOfFile: fixture.file("out.cue"), encoding: .utf8)
    #expect(
      cue.hasPrefix(
        """
        REM COMMENT "ExactAudioCopy v1.0"
        REM DATE 1959
        REM DISCID 860B640B
        REM GENRE Jazz
        PERFORMER "Miles"
        TITLE "Kind"
        FILE "out.flac" WAVE
          TRACK 01 AUDIO
            TITLE "So What"
            PERFORMER "Miles"
            INDEX 01 00:00:00

        """), "\(cue)")
  }

  /// FFmpeg's MP3 and FLAC muxers take the picture's type from its stream's `comment`; without
  /// one they write type 0, "Other". The bytes are read here without FFmpeg.
  @Test(arguments: ["mp3", "flac"])
  func coverIsWrittenAsTheFrontCover(_ fileExtension: String) throws {
    let fixture = try Fixture()
    try Self.tone(fixture, "a.flac", tags: [:])
    try FFmpegCLI.make(["-f", "lavfi", "-i", "color=c=blue:s=48x32", "-frames:v", "1", fixture.file("cover.png")])
    let result = try fixture.run(["render", "a.flac", "-o", "out.\(fileExtension)", "--cover", "cover.png"])
    try #require(result.status == 0, "\(result.stderr)")
    let bytes = try #require(FileManager.default.contents(atPath: fixture.file("out.\(fileExtension)")))
    #expect(Self.pictureType(in: [UInt8](bytes), fileExtension) == 3, "3 is the front cover in ID3v2 and FLAC alike")
    let probe = try FFmpegCLI.run(
      "ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "stream_tags=comment", "-of", "default=nw=1:nk=1", fixture.file("out.\(fileExtension)")])
    #expect(String(decoding: probe.stdout, as: UTF8.self) == "Cover (front)\n")
  }

  /// The first track's picture is the album's cover when every track is from that album; a mix of
  /// albums gets none unless `--cover` gives one.
  @Test(arguments: [(["Blue", "Blue"], true), (["Blue", "Green"], false)])
  func firstTracksCoverOnlyForOneAlbum(albums: [String], carried: Bool) throws {
    let fixture = try Fixture()
    try FFmpegCLI.make(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", fixture.file("cover.png")])
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "sine=f=440:r=44100:d=0.2", "-i", fixture.file("cover.png"), "-map", "0", "-map", "1", "-c:v", "png",
      "-disposition:v", "attached_pic", "-metadata", "album=\(albums[0])", fixture.file("a.flac"),
    ])
    try Self.tone(fixture, "b.flac", tags: ["album": albums[1]])
    let result = try fixture.run(["render", "a.flac", "b.flac", "-o", "out.flac"])
    try #require(result.status == 0, "\(result.stderr)")
    let streams = try FFmpegCLI.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "stream=index", "-of", "csv=p=0", fixture.file("out.flac")])
    #expect(!streams.stdout.isEmpty == carried)
  }

  /// A 0.2 s tone at `name` with `tags`.
  static func tone(_ fixture: Fixture, _ name: String, tags: [String: String], seconds: Double = 0.2) throws {
    try FFmpegCLI.make(
      ["-f", "lavfi", "-i", "sine=f=440:r=44100:d=\(seconds)"] + tags.sorted { $0.key < $1.key }.flatMap { ["-metadata", "\($0.key)=\($0.value)"] }
        + [fixture.file(name)])
  }

  /// The container's tags as ffprobe reads them, keys in lower case, FFmpeg's `encoder` left out.
  static func tags(_ path: String) throws -> [String: String] {
    let output = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "json", path])
    let object = try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any]
    let tags = (object?["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
    return Dictionary(tags.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }).filter { $0.key != "encoder" }
  }

  /// The picture type of the first ID3v2 APIC frame (MP3) or FLAC PICTURE block, read from the bytes.
  static func pictureType(in bytes: [UInt8], _ fileExtension: String) -> Int? {
    if fileExtension == "mp3" {
      guard let frame = find(Array("APIC".utf8), in: bytes) else { return nil }
      // Frame header (10 bytes), text encoding (1), MIME type up to its NUL, then the type.
      var index = frame + 11
      while index < bytes.count, bytes[index] != 0 { index += 1 }
      return index + 1 < bytes.count ? Int(bytes[index + 1]) : nil
    }
    guard bytes.starts(with: Array("fLaC".utf8)) else { return nil }
    var index = 4
    while index + 8 <= bytes.count {
      let header = bytes[index]
      let length = Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      if header & 0x7F == 6 { return bytes[(index + 4)..<(index + 8)].reduce(0) { $0 << 8 | Int($1) } }
      if header & 0x80 != 0 { return nil }
      index += 4 + length
    }
    return nil
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
  }
}
