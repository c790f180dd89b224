import AudioTestSupport
import Foundation
import Testing

/// `--progress json`, `plan`, `inspect` and `preview` as other programs and people see them.
@Suite struct SubcommandTests {
  @Test func progressJSONLinesParseClimbAndEndAtOneHundred() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let result = try fixture.run(["render"] + Album.tracks.map(\.name) + ["-o", "out.mp3", "--progress", "json"])
    #expect(result.status == 0)
    let updates = try result.stderr.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
    }
    let percents = updates.compactMap { $0["percent"] as? Double }
    #expect(percents.count == updates.count && !percents.isEmpty)
    #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(percents.last == 100)
    #expect(updates.last?["frames"] as? Int == Album.frames)
    #expect(updates.last?["done"] as? Bool == true)
    #expect(updates.allSatisfy { $0["schemaVersion"] as? Int == 1 })
  }

  /// `plan -o x.opus` shows the timeline the render of the same command line uses: Opus mixes at
  /// 48 kHz, where the album is 44.1 kHz; `--format` alone does the same, and nothing is written.
  @Test func planWithAnOutputIsTheRendersTimeline() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let tracks = Album.tracks.map(\.name)
    let planned = try fixture.run(["plan"] + tracks + ["-o", "planned.opus", "--json"])
    #expect(!FileManager.default.fileExists(atPath: fixture.file("planned.opus")))
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(planned.stdout.utf8)) as? [String: Any], "\(planned.stderr)")
    let rendered = try fixture.run(["render"] + tracks + ["-o", "mix.opus", "--json"])
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(rendered.stdout.utf8)) as? [String: Any], "\(rendered.stderr)")
    let renderPlan = try #require(summary["plan"] as? [String: Any])
    #expect(plan["sampleRate"] as? Int == 48_000, "\(plan.keys.sorted())")
    #expect(plan["sampleRate"] as? Int == renderPlan["sampleRate"] as? Int)
    #expect(plan["frames"] as? Int == renderPlan["frames"] as? Int)
    let table = try fixture.run(["plan"] + tracks + ["--format", "opus"])
    #expect(table.stdout.hasPrefix("Plan: \(tracks.count) tracks at 48000 Hz"), "\(table.stdout)")
  }

  /// An overlay is not a track: `plan` lists it apart with its duck, in the table and the JSON,
  /// and `render --json` carries the plan, the output and every note (here the clip guard's).
  @Test func planAndRenderJSONListOverlaysApartAndCarryTheNotes() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let playlist = """
      version: 1
      entries:
        - file: 01 one.flac
        - file: 02 two.flac
          id: two
          gain: 30
      overlays:
        - file: 04 four.flac
          at: { entry: two, offset: 0.5 }
          out: 1
          duck: -12
      """
    try playlist.write(toFile: fixture.file("set.yaml"), atomically: true, encoding: .utf8)
    let table = try fixture.run(["plan", "set.yaml"])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.hasPrefix("Plan: 2 tracks at 44100 Hz"), "\(table.stdout)")
    // An overlay is no track: it has no listed start, only the span it sounds.
    #expect(table.stdout.contains("Overlays:\n                  0:02.768     0:03.768"), "\(table.stdout)")
    #expect(table.stdout.contains("ducks the tracks under it by -12.0 dB, ramps of 0.500 s"))

    let plan = try #require(try JSONSerialization.jsonObject(with: Data(try fixture.run(["plan", "set.yaml", "--json"]).stdout.utf8)) as? [String: Any])
    #expect(plan["schemaVersion"] as? Int == 1)
    #expect((plan["tracks"] as? [[String: Any]])?.map { $0["number"] as? Int } == [1, 2])
    let overlay = try #require((plan["overlays"] as? [[String: Any]])?.first)
    #expect((overlay["clip"] as? [String: Any])?["start"] as? Int == 100_003 + 22_050)
    #expect((overlay["duck"] as? [String: Any])?["gainDB"] as? Double == -12)

    let render = try fixture.run(["render", "set.yaml", "-o", "out.flac", "--json"])
    #expect(render.status == 0, "\(render.stderr)")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(render.stdout.utf8)) as? [String: Any])
    #expect(summary["schemaVersion"] as? Int == 2)
    #expect((summary["output"] as? [String: Any])?["frames"] as? Int == 220_003)
    #expect(((summary["plan"] as? [String: Any])?["tracks"] as? [Any])?.count == 2)
    let notes = try #require(summary["notes"] as? [String])
    #expect(notes.contains { $0.hasPrefix("the limiter held") }, "\(notes)")

    // Levelled: each track's decision in the plan, the output's measurement in the summary.
    let levelled = try fixture.run(["plan", "set.yaml", "--json", "--loudness", "-16"])
    let levelledPlan = try #require(try JSONSerialization.jsonObject(with: Data(levelled.stdout.utf8)) as? [String: Any], "\(levelled.stderr)")
    #expect(levelledPlan["targetLUFS"] as? Double == -16)
    let decision = try #require((levelledPlan["tracks"] as? [[String: Any]])?.first?["loudness"] as? [String: Any])
    #expect(decision["gainDB"] is Double && decision["measuredLUFS"] is Double && decision["basis"] as? String == "track", "\(decision)")
    let metered = try fixture.run(["render", "set.yaml", "-o", "levelled.flac", "--json", "--loudness", "-16"])
    let meteredSummary = try #require(try JSONSerialization.jsonObject(with: Data(metered.stdout.utf8)) as? [String: Any], "\(metered.stderr)")
    #expect((meteredSummary["loudness"] as? [String: Any])?["integratedLUFS"] is Double)
  }

  @Test func progressIsSilentWhenStandardErrorIsNotATerminal() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let result = try fixture.run(["render"] + Album.tracks.map(\.name) + ["-o", "out.flac"])
    #expect(result.status == 0 && result.stderr.isEmpty)
  }

  /// `--duration` counts from `--from`; the part written is the same samples as in the inputs.
  @Test func renderWritesOnlyTheRangeAsked() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let result = try fixture.run(["render"] + Album.tracks.map(\.name) + ["-o", "part.flac", "--from", "1", "--duration", "2"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Part of the mix: 0:01.000-0:03.000 of 0:10.000\n"), "\(result.stdout)")
    let expected = Array(try Album.samples(in: fixture)[(44_100 * 2)..<(3 * 44_100 * 2)])
    #expect(try fixture.samples("part.flac") == expected)
  }

  @Test func planPrintsTheTimelineAndJSON() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let table = try fixture.run(["plan"] + Album.tracks.map(\.name) + ["--crossfade", "0.5"])
    #expect(table.status == 0)
    #expect(table.stdout.hasPrefix("Plan: 4 tracks at 44100 Hz stereo (as every track is), 0:08.500 = \(Album.frames - 3 * 22_050) sample frames\n"))
    let json = try fixture.run(["plan"] + Album.tracks.map(\.name) + ["--gap", "1", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["frameCount"] as? Int == Album.frames + 3 * 44_100)
    #expect((object["transitions"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["gap", "gap", "gap"])
  }

  @Test func inspectReportsLengthAndDelay() throws {
    let fixture = try Fixture()
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=2:r=44100", "-af", "atrim=end_sample=50001", "-c:a", "libmp3lame", fixture.file("x.mp3")])
    let result = try fixture.run(["inspect", "x.mp3", "--json"])
    #expect(result.status == 0)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(report["schemaVersion"] as? Int == 1)
    #expect((report["errors"] as? [String])?.isEmpty == true)
    let files = try #require(report["files"] as? [[String: Any]])
    #expect(files.first?["frames"] as? Int == 50_001)
    #expect(files.first?["delay"] as? Int == 1105)
    #expect(files.first?["delaySource"] as? String == "LAME tag")
  }

  /// The table names channels once, and lists tags people wrote, not MP4's brands and handler.
  @Test func inspectShowsChannelsOnceAndNoContainerBookkeeping() throws {
    let fixture = try Fixture()
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=d=0.5", "-c:a", "aac", "-metadata", "title=Intro", fixture.file("m.m4a")])
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "sine=d=0.5", "-filter_complex", "[0]asplit=4[a][b][c][d];[a][b][c][d]join=inputs=4:channel_layout=4.0",
      fixture.file("four.flac"),
    ])
    let result = try fixture.run(["inspect", "m.m4a", "four.flac"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("  audio ") } == ["  audio       44100 Hz, mono", "  audio       44100 Hz, 4 channels (4.0)"])
    let tags = lines.filter { $0.hasPrefix("  tag ") }
    #expect(tags.contains("  tag         title = Intro"))
    #expect(!tags.contains { $0.contains("brand") || $0.contains("handler_name") || $0.contains("vendor_id") }, "\(tags)")
  }

  /// Separate previews are named by their number and the two tracks; one file of them has a
  /// chapter per transition, titled the same way.
  @Test func previewsNameTheirTransitions() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let result = try fixture.run(["preview", "transitions"] + Album.tracks.map(\.name) + ["-o", "p.flac", "--context", "1", "--separate"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      fixture.names().filter { $0.hasPrefix("p-transition-") } == [
        "p-transition-01 (01 one → 02 two).flac", "p-transition-02 (02 two → 03 three).flac", "p-transition-03 (03 three → 04 four).flac",
      ])

    let one = try fixture.run(["preview", "transitions"] + Album.tracks.map(\.name) + ["-o", "all.m4a", "--context", "1"])
    #expect(one.status == 0, "\(one.stderr)")
    let probe = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "chapter_tags=title", "-of", "csv=p=0", fixture.file("all.m4a")])
    #expect(String(decoding: probe.stdout, as: UTF8.self) == "1: 01 one → 02 two\n2: 02 two → 03 three\n3: 03 three → 04 four\n")
  }

  @Test func nativePlaylistNamesMissingFilesWithTheirLineAndColumn() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let playlist = "version: 1\nentries:\n  - file: \(Album.tracks[0].name)\n  - file: gone.flac\n  - file: lost.flac\n"
    try fixture.write("set.yaml", Data(playlist.utf8))
    let result = try fixture.run(["render", "set.yaml", "-o", "out.flac"])
    #expect(result.status == 1)
    #expect(result.stderr == "error: set.yaml:4:11: gone.flac: file not found\nerror: set.yaml:5:11: lost.flac: file not found\n")
    #expect(!fixture.names().contains("out.flac"))
  }

  /// A folder the process may not write in: a read-only folder, or, for root (whom permissions do
  /// not stop), /sys, where the kernel lets no one create files.
  @Test func unwritableOutputFolderIsNamed() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    var folder = fixture.file("locked")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: fixture.file("locked")) }
    if geteuid() == 0 { folder = "/sys" }
    let result = try fixture.run(["render", Album.tracks[0].name, "-o", "\(folder)/mix.flac"])
    #expect(result.status == 1)
    #expect(result.stderr == "error: \(folder)/mix.flac: cannot write in folder '\(folder)' (Permission denied)\n")
  }
}
