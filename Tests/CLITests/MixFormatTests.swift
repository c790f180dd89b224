import AudioTestSupport
import Foundation
import Testing

/// The mix's rate and channels follow most of the book, not its first chapter, and the plan says
/// which and why (issue 48).
@Suite struct MixFormatTests {
  /// Three chapters with the first odd one out (mono 22.05 kHz before two stereo 44.1 kHz), and
  /// three with the first the only stereo one.
  static func books() throws -> Fixture {
    let fixture = try Fixture()
    let chapters: [(name: String, channels: Int, rate: Int, seconds: Double)] = [
      ("mono-intro.wav", 1, 22_050, 3.217), ("long.flac", 2, 44_100, 11.309), ("mp3.mp3", 2, 44_100, 7.913),
      ("stereo-intro.flac", 2, 44_100, 2.311), ("told.wav", 1, 22_050, 9.127), ("told-more.wav", 1, 22_050, 8.713),
    ]
    for chapter in chapters {
      try FFmpegCLI.make([
        "-f", "lavfi", "-i", "sine=f=331:d=\(chapter.seconds)", "-ac", "\(chapter.channels)", "-ar", "\(chapter.rate)", fixture.file(chapter.name),
      ])
    }
    return fixture
  }

  static let monoFirst = ["mono-intro.wav", "long.flac", "mp3.mp3"]
  static let stereoFirst = ["stereo-intro.flac", "told.wav", "told-more.wav"]

  /// `plan --json` of `chapters` with `flags`: its rate, channels and stated format.
  static func planned(_ fixture: Fixture, _ chapters: [String], _ flags: [String] = []) throws -> (rate: Int, channels: Int, format: String) {
    let result = try fixture.run(["plan"] + chapters + ["-o", "book.m4b", "--json"] + flags)
    try #require(result.status == 0, "\(result.stderr)")
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return (plan["sampleRate"] as? Int ?? 0, plan["channels"] as? Int ?? 0, plan["format"] as? String ?? "")
  }

  @Test func aBookTakesTheFormatOfMostOfItsPlayingTimeAndSaysWhy() throws {
    let fixture = try Self.books()
    let mono = try Self.planned(fixture, Self.monoFirst)
    #expect(mono.rate == 44_100 && mono.channels == 2, "\(mono)")
    #expect(mono.format == "44100 Hz stereo (as 2 of 3 tracks are, 86 % of the playing time; --format-from most)", "\(mono.format)")
    let stereo = try Self.planned(fixture, Self.stereoFirst)
    #expect(stereo.rate == 22_050 && stereo.channels == 1, "\(stereo)")
    #expect(stereo.format == "22050 Hz mono (as 2 of 3 tracks are, 89 % of the playing time; --format-from most)", "\(stereo.format)")

    let first = try Self.planned(fixture, Self.monoFirst, ["--format-from", "first"])
    #expect(first.rate == 22_050 && first.channels == 1 && first.format == "22050 Hz mono (as the first track is; --format-from first)", "\(first)")
    let highest = try Self.planned(fixture, Self.stereoFirst, ["--format-from", "highest", "--sample-rate", "48000"])
    #expect(highest.rate == 48_000 && highest.channels == 2, "\(highest)")
    #expect(highest.format == "48000 Hz (as --sample-rate asks) stereo (the highest any track has; --format-from highest)", "\(highest.format)")

    let table = try fixture.run(["plan"] + Self.monoFirst)
    #expect(table.stdout.hasPrefix("Plan: 3 tracks at 44100 Hz stereo (as 2 of 3 tracks are, 86 % of the playing time; --format-from most), "), "\(table.stdout)")
    let refused = try fixture.run(["plan"] + Self.monoFirst + ["--format-from", "loudest"])
    #expect(refused.status == 64 && refused.stderr.contains("'loudest'"), "\(refused.stderr)")
  }

  @Test func theRenderIsWhatThePlanSays() throws {
    let fixture = try Self.books()
    let rendered = try fixture.run(["render"] + Self.stereoFirst + ["-o", "book.opus"])
    try #require(rendered.status == 0, "\(rendered.stderr)")
    // Opus encodes at 48 kHz only: the rate moves, the channels stay what most of the book is.
    #expect(rendered.stdout.contains("Format: 48000 Hz (moved from 22050 Hz, which Opus cannot encode) mono (as 2 of 3 tracks are"), "\(rendered.stdout)")
    let probe = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "stream=channels", "-of", "csv=p=0", fixture.file("book.opus")])
    #expect(String(decoding: probe.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
  }
}
