import AudioTestSupport
import Foundation
import Testing

/// `plan` takes every flag `render` takes that lists the plan (issue 48): it prints the chapters
/// a render embeds and writes the CUE sheet and tracklist a render writes, the same as the render's.
@Suite struct PlanListingTests {
  static let options = ["--crossfade", "1.5", "--chapters", "--chapter-title", "{n}. {title}"]

  @Test func planListsTheChaptersTheRenderEmbeds() throws {
    let fixture = try Fixture([.tone("one.flac", frames: 133_117), .tone("two.flac", frames: 97_301), .tone("three.flac", frames: 120_011)])
    let inputs = ["one.flac", "two.flac", "three.flac"]
    let planned = try fixture.run(["plan"] + inputs + ["-o", "book.m4b", "--json"] + Self.options)
    try #require(planned.status == 0, "\(planned.stderr)")
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(planned.stdout.utf8)) as? [String: Any])
    let chapters = try #require(plan["chapters"] as? [[String: Any]], "\(planned.stdout.prefix(300))")
    let table = try fixture.run(["plan"] + inputs + ["-o", "book.m4b"] + Self.options)
    #expect(table.stdout.contains("Chapters (as --chapters embeds them):\n  1  0:00.000     1. one\n"), "\(table.stdout)")

    let rendered = try fixture.run(["render"] + inputs + ["-o", "book.m4b"] + Self.options)
    try #require(rendered.status == 0, "\(rendered.stderr)")
    let probe = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_chapters", "-of", "json", fixture.file("book.m4b")])
    let embedded = try #require((try JSONSerialization.jsonObject(with: probe.stdout) as? [String: Any])?["chapters"] as? [[String: Any]])
    #expect(embedded.count == chapters.count && chapters.count == 3)
    for (planned, written) in zip(chapters, embedded) {
      let title = (written["tags"] as? [String: Any])?["title"] as? String
      #expect(planned["title"] as? String == title, "\(planned) against \(written)")
      let start = Double(written["start_time"] as? String ?? "") ?? -1
      #expect(abs((planned["startSeconds"] as? Double ?? -9) - start) < 0.001, "\(planned) against \(written)")
    }
  }

  @Test func planWritesTheRendersCueSheetAndTracklist() throws {
    let fixture = try Fixture([.tone("one.flac", frames: 133_117), .tone("two.flac", frames: 97_301), .folder("planned")])
    let listings = ["--cue", "mix.cue", "--tracklist", "mix.txt", "--crossfade", "2"]
    let planned = try fixture.run(["plan", "one.flac", "two.flac", "-o", "mix.flac"] + listings)
    try #require(planned.status == 0, "\(planned.stderr)")
    for name in ["mix.cue", "mix.txt"] { try FileManager.default.moveItem(atPath: fixture.file(name), toPath: fixture.file("planned/" + name)) }
    #expect(!FileManager.default.fileExists(atPath: fixture.file("mix.flac")), "plan writes no audio")
    let rendered = try fixture.run(["render", "one.flac", "two.flac", "-o", "mix.flac"] + listings)
    try #require(rendered.status == 0, "\(rendered.stderr)")
    for name in ["mix.cue", "mix.txt"] {
      #expect(!fixture.bytes("planned/" + name).isEmpty && fixture.bytes("planned/" + name) == fixture.bytes(name), "\(name) differs from the render's")
    }
    let again = try fixture.run(["plan", "one.flac", "two.flac", "-o", "mix.flac"] + listings)
    #expect(again.status != 0 && again.stderr.contains("mix.cue: already exists"), "\(again.stderr)")
    let noOutput = try fixture.run(["plan", "one.flac", "--cue", "x.cue"])
    #expect(noOutput.status != 0 && noOutput.stderr.contains("--cue needs the output the render would write (-o FILE)"), "\(noOutput.stderr)")
    let emitted = try fixture.run(["plan", "one.flac", "two.flac", "-o", "book.m4b", "--chapters", "--title", "A Book", "--emit-request"])
    #expect(emitted.stdout.contains(#""chapters":true"#) && emitted.stdout.contains(#""title":"A Book""#), "\(emitted.stdout)")
  }
}
