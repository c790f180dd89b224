import AudioTestSupport
import Testing

/// What `segue render` prints when it succeeds, and that the file says the same.
@Suite struct RenderSummaryTests {
  @Test func printsTracksFormatAndExactLength() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    try fixture.write("album.m3u", .init(Album.tracks.map { $0.name + "\n" }.joined().utf8))

    let result = try fixture.run(["render", "album.m3u", "-o", "out.flac"])

    expectSuccess(
      result,
      printing: ["Rendered 4 tracks to out.flac (flac, 44100 Hz, stereo)", "Length: 0:10.000 = 441000 sample frames", flacSegmentsNote(4)],
      in: fixture)
    #expect(try fixture.samples("out.flac") == Album.samples(in: fixture), "FLAC in, FLAC out: every sample kept")
  }

  /// Progress lines asked for where standard error is not a terminal (a log file) are lines of
  /// their own: no carriage returns, no padding.
  @Test func progressLinesInALogFileEndInNewlines() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)

    let result = try fixture.run(["render"] + Album.tracks.map(\.name) + ["-o", "out.flac", "--progress", "line"])

    #expect(result.status == 0)
    #expect(!result.stderr.contains("\r"))
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count >= 2 && lines.last == "", "\(result.stderr)")
    #expect(lines.dropLast().allSatisfy { $0.contains("% ") && !$0.hasSuffix(" ") }, "\(result.stderr)")
    #expect(lines.dropLast().last?.hasPrefix("100.0%") == true)
  }

  @Test(arguments: VerifiedFormat.all)
  func verifyReportsTheDecodedLength(_ format: VerifiedFormat) throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)
    let output = "out.\(format.fileExtension)"

    let result = try fixture.run(["render"] + Album.tracks.map(\.name) + ["-o", output, "--verify"])

    let frames = Album.frames * format.sampleRate / 44_100
    expectSuccess(
      result,
      printing: [
        "Rendered 4 tracks to \(output) (\(format.codec), \(format.sampleRate) Hz, stereo)",
        "Length: 0:10.000 = \(frames) sample frames",
      ] + (format.sampleRate == 44_100 ? [] : [
        "Format: \(format.sampleRate) Hz (moved from 44100 Hz, which Opus cannot encode) stereo (as every track is)",
        "Rate conversion: 44100 → \(format.sampleRate) Hz, SoX high quality, 20-bit",
      ])
        + (format.codec == "flac" ? [flacSegmentsNote(4)] : []) + [
        "Verified: FFmpeg decodes \(frames) sample frames, as the timeline says"
      ], in: fixture)
    #expect(try format.independentLength(of: fixture.file(output)) == Int64(frames))
  }
}

/// An output format, the codec and rate `segue` reports for it, and how to measure it without `segue`.
struct VerifiedFormat: Sendable, CustomTestStringConvertible {
  var fileExtension: String
  var codec: String
  var sampleRate: Int
  /// FFmpeg 5.1 keeps MP4's end padding when decoding, so there the container's stated length is the judge.
  var judgedByContainer = false

  /// Every output format, with the codec it picks by default.
  static let all = [
    VerifiedFormat(fileExtension: "flac", codec: "flac", sampleRate: 44_100),
    VerifiedFormat(fileExtension: "wav", codec: "pcm_s16le", sampleRate: 44_100),
    VerifiedFormat(fileExtension: "mp3", codec: "libmp3lame", sampleRate: 44_100),
    VerifiedFormat(fileExtension: "m4a", codec: "aac", sampleRate: 44_100, judgedByContainer: true),
    VerifiedFormat(fileExtension: "ogg", codec: "libvorbis", sampleRate: 44_100),
    VerifiedFormat(fileExtension: "opus", codec: "libopus", sampleRate: 48_000),
  ]

  var testDescription: String { ".\(fileExtension)" }

  /// The file's length in sample frames, as the ffmpeg CLI sees it.
  func independentLength(of path: String) throws -> Int64? {
    if judgedByContainer { return try FFmpegCLI.declaredFrames(path) }
    return Int64(try FFmpegCLI.decodeInt16(path).count / 2)
  }
}

/// A part of a mix (`--from`/`--to`) keeps the chapters of the tracks inside it, cut to it and
/// shifted, and the summary says which part it is.
@Suite struct PartOfMixTests {
  @Test func aRangeHasTheChaptersOfItsTracksAndSaysWhichItHolds() throws {
    let fixture = try Fixture()
    try Album.make(in: fixture)

    // 3 s to 8 s (frames 132,300-352,800): the end of track 2 (100,003-220,003), all of track 3
    // (to 330,003) and the start of track 4.
    let result = try fixture.run(["render"] + Album.tracks.map(\.name) + ["-o", "part.m4a", "--from", "3", "--to", "8", "--chapters"])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Rendered part of the mix (tracks 2-4 of 4) to part.m4a (aac, 44100 Hz, stereo)\n"), "\(result.stdout)")
    let probe = try FFmpegCLI.run(
      "ffprobe", ["-v", "error", "-show_entries", "chapter=start_time,end_time:chapter_tags=title", "-of", "csv=p=0", fixture.file("part.m4a")])
    let chapters = String(decoding: probe.stdout, as: UTF8.self).split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
    #expect(chapters.map { $0.last } == ["02 two", "03 three", "04 four"])
    let starts = chapters.compactMap { Double($0[0]) }
    #expect(starts.count == 3 && starts[0] == 0)
    #expect(abs(starts[1] - (220_003.0 / 44_100 - 3)) < 0.001 && abs(starts[2] - (330_003.0 / 44_100 - 3)) < 0.001, "\(starts)")
  }
}
