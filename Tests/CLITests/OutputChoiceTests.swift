import AudioTestSupport
import Foundation
import Testing

/// Outputs whose codec cannot take the inputs as they are: the mix moves to what the codec takes
/// and the summary says so, instead of failing with FFmpeg's "Invalid argument".
@Suite struct OutputChoiceTests {
  /// Four channels go to Opus and Vorbis as quad (their channel order), every channel kept.
  @Test(arguments: ["out.opus", "out.ogg"])
  func fourChannelsAreWrittenAsQuad(_ output: String) throws {
    let fixture = try Fixture()
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "sine=f=440:d=0.5", "-filter_complex", "[0]asplit=4[a][b][c][d];[a][b][c][d]join=inputs=4:channel_layout=4.0",
      "-c:a", "flac", fixture.file("four.flac"),
    ])
    let result = try fixture.run(["render", "four.flac", "-o", output])
    #expect(result.status == 0, "\(result.stderr)")
    let probe = try FFmpegCLI.run(
      "ffprobe", ["-v", "error", "-show_entries", "stream=channels,channel_layout", "-of", "csv=p=0", fixture.file(output)])
    #expect(String(decoding: probe.stdout, as: UTF8.self) == "4,quad\n")
  }

  /// A rate over the codec's ceiling is halved until it fits, and the note says why.
  @Test func aRateOverTheCodecsCeilingIsHalvedWithANote() throws {
    let fixture = try Fixture()
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=0.25:r=705600", "-c:a", "pcm_s24le", fixture.file("high.wav")])
    let result = try fixture.run(["render", "high.wav", "-o", "out.flac"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Note: FLAC cannot encode at 705600 Hz: mixed at 352800 Hz; --sample-rate changes it\n"))
    #expect(try FFmpegCLI.decodeFloat(fixture.file("out.flac")).count == 88_200)
  }

  /// Audiobooks and mono get bit rates sized for speech, and the summary says which.
  @Test func audiobooksGetSpeechBitRates() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 22_050)])
    let result = try fixture.run(["render", "a.flac", "-o", "book.m4b"])
    #expect(result.stdout.contains("Note: AAC at 96k: the default for audiobooks (.m4b), sized for speech; --bitrate changes it\n"))
    let mono = try fixture.run(["render", "a.flac", "-o", "mono.opus", "--channels", "1"])
    #expect(mono.stdout.contains("Note: Opus at 64k: the default for mono output, sized for speech; --bitrate changes it\n"))
  }

  /// Local files whose names look like URLs are files, in and out.
  @Test func namesThatLookLikeURLsAreLocalFiles() throws {
    let fixture = try Fixture([.tone("http:/x.flac", frames: 4_411), .tone("file:y.flac", frames: 3_307)])
    let result = try fixture.run(["render", "http:/x.flac", "file:y.flac", "-o", "http:/out.flac"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try fixture.samples("http:/out.flac").count == (4_411 + 3_307) * 2)
  }
}

/// `-o -` streams the output to standard output in formats that can stream, with the summary on
/// standard error and what streaming loses said there.
@Suite struct StandardOutputTests {
  @Test func flacStreamsToStandardOutputSampleForSample() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 44_111)])
    // A format is named in any case, as an output's extension is.
    let result = try fixture.run(["render", "a.flac", "-o", "-", "--format", "FLAC"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("Rendered 1 track to standard output (flac, 44100 Hz, stereo)\n"))
    #expect(result.stderr.contains("Note: on standard output, FLAC's STREAMINFO cannot state the length and MD5\n"))
    try fixture.write("streamed.flac", result.stdoutBytes)
    #expect(try fixture.samples("streamed.flac") == (try fixture.samples("a.flac")))
  }

  /// Streamed in segments on three workers, FLAC is the stream one encoder writes, header and all.
  @Test func flacStreamedInSegmentsIsTheSingleEncodersStream() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 1_102_513)])
    let segmented = try fixture.run(["render", "a.flac", "-o", "-", "--format", "flac", "--threads", "3"])
    let single = try fixture.run(["render", "a.flac", "-o", "-", "--format", "flac", "--segments", "off"])
    #expect(segmented.status == 0 && single.status == 0, "\(segmented.stderr)\(single.stderr)")
    #expect(segmented.stderr.contains("Note: FLAC: 10 segments on 3 workers, joined into one stream\n"), "\(segmented.stderr)")
    #expect(segmented.stdoutBytes == single.stdoutBytes)
  }

  @Test func formatsThatCannotStreamAreRefused() throws {
    let fixture = try Fixture([.tone("a.flac")])
    let mp4 = try fixture.run(["render", "a.flac", "-o", "-", "--format", "m4a"])
    #expect(mp4.status == 1)
    #expect(mp4.stderr == "error: --format m4a is not available on standard output, which cannot be sought in (choose wav, flac, mp3, ogg, opus)\n")
    let bare = try fixture.run(["render", "a.flac", "-o", "-"])
    #expect(bare.stderr == "error: standard output needs --format: wav, flac, mp3, ogg or opus\n")
  }
}
