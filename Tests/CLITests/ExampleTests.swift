import AudioTestSupport
import Foundation
import Testing

/// The programs in Examples/ build and do what they say, on synthesized audio.
@Suite struct ExampleTests {
  /// Runs the example `name` with `arguments` and returns what it printed.
  func runExample(_ name: String, _ arguments: [String]) throws -> String {
    let output = try FFmpegCLI.run(try SegueExecutable.url(named: name).path, arguments)
    try #require(output.status == 0, "\(name) failed: \(output.stderr)")
    return String(decoding: output.stdout, as: UTF8.self)
  }

  @Test func demoTracksJoinBackIntoOneAlbum() throws {
    let folder = TemporaryFolder("segue-examples")
    let printed = try runExample("make-demo-tracks", [folder.file("tracks")])
    #expect(printed.split(separator: "\n").count == 5, "four tracks and the chime")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("tracks")).filter { $0.hasSuffix(".flac") }.sorted()
    #expect(names == ["01-sunrise.flac", "02-drift.flac", "03-undertow.flac", "04-landfall.flac"])

    let album = try runExample("album-to-one-file", [folder.file("tracks"), folder.file("album")])
    #expect(album == """
      wrote \(folder.file("album.m4b")): 1984710 sample frames, 4 chapters
      wrote \(folder.file("album.flac")): 1984710 sample frames, 4 chapters

      """)
    let joined = try FFmpegCLI.decodeInt16(folder.file("album.flac"))
    let parts = try names.flatMap { try FFmpegCLI.decodeInt16(folder.file("tracks/\($0)")) }
    #expect(joined == parts, "the album is its tracks, sample for sample")
    #expect(FileManager.default.fileExists(atPath: folder.file("album.cue")))
    try expectTheCLIWritesTheSameBytes(folder)

    let crossfaded = try runExample(
      "crossfade-two-files", [folder.file("tracks/01-sunrise.flac"), folder.file("tracks/02-drift.flac"), folder.file("x.flac"), "2"])
    #expect(crossfaded == "wrote \(folder.file("x.flac")): 882180 sample frames, the second file from frame 441179\n")
  }

  /// A library user sees nothing of FFmpeg's own log unless it asks for it: DSF input, on which
  /// FFmpeg logs that it estimates the duration, renders with nothing on standard error.
  @Test func aLibraryUserSeesNoFFmpegLogByDefault() throws {
    let folder = TemporaryFolder("segue-examples")
    try DSFFile.writeSine(to: folder.file("a.dsf"), frequency: 1_000, bitCount: 2_822_400 + 8 * 1_234 + 8)
    try DSFFile.writeSine(to: folder.file("b.dsf"), frequency: 1_500, bitCount: 2_822_400 + 8 * 4_321 + 8)
    let output = try FFmpegCLI.run(
      try SegueExecutable.url(named: "crossfade-two-files").path, [folder.file("a.dsf"), folder.file("b.dsf"), folder.file("x.flac"), "0.5"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
  }

  /// `segue render` given what the album example was given writes the same files, byte for byte:
  /// the policy (folder expansion, defaults, listing) is the library's, not the CLI's.
  func expectTheCLIWritesTheSameBytes(_ folder: TemporaryFolder) throws {
    for name in ["album.m4b", "album.flac", "album.cue"] {
      try FileManager.default.moveItem(atPath: folder.file(name), toPath: folder.file("example-" + name))
    }
    let runs = [
      ["render", folder.file("tracks"), "-o", folder.file("album.m4b"), "--chapters", "--verify"],
      ["render", folder.file("tracks"), "-o", folder.file("album.flac"), "--chapters", "--cue", folder.file("album.cue"), "--embed-cue", "--verify"],
    ]
    for arguments in runs {
      let result = try runSegue(arguments: arguments, in: folder.path)
      #expect(result.status == 0, "\(result.stderr)")
    }
    for name in ["album.m4b", "album.flac", "album.cue"] {
      let cli = try Data(contentsOf: URL(fileURLWithPath: folder.file(name)))
      #expect(cli == (try Data(contentsOf: URL(fileURLWithPath: folder.file("example-" + name)))), "\(name) differs")
    }
  }

  /// Every playlist in playlists/ parses and plans, against the synthesized demo album.
  @Test func everyExamplePlaylistPlans() throws {
    let folder = TemporaryFolder("segue-playlists")
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../playlists").standardizedFileURL
    let names = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { !$0.hasPrefix(".") && $0 != "demo-audio" }
    #expect(names.count >= 4)
    for name in names { try FileManager.default.copyItem(atPath: source.appendingPathComponent(name).path, toPath: folder.file(name)) }
    _ = try runExample("make-demo-tracks", [folder.file("demo-audio")])
    for name in names {
      let result = try runSegue(arguments: ["plan", name], in: folder.path)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(result.stdout.hasPrefix("Plan: 4 tracks at 44100 Hz"), "\(name)")
    }
  }
}
