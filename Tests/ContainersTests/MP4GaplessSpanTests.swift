import AudioTestSupport
import Containers
import Testing

/// The decision on files the ffmpeg CLI makes from 100,003 frames, judged by the ffmpeg CLI's own
/// decoding: the span applied to what FFmpeg decodes must leave exactly the source's frames.
@Suite("MP4 gapless spans of FFmpeg's files")
struct MP4GaplessSpanTests {
  let folder = TemporaryFolder("mp4-span")

  /// A millisecond edit list (FFmpeg's default) says 2267 ms, 99,975 frames; the span says 100,003.
  /// FFmpeg 5.1 decodes 100,352 frames (it drops the priming but keeps the padding); the span's
  /// length cuts them to the source's.
  @Test func millisecondEditList() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac"])
    let span = try MP4File.gaplessSpan(at: path)
    #expect(span == GaplessSpan(skip: 0, length: MP4TestFiles.frames, source: "MP4 edit list"))
    #expect(try FFmpegCLI.declaredFrames(path) == 99_975, "FFmpeg's own length is the rounded one")
    #expect(try MP4TestFiles.decoded(path).count == 100_352)
    #expect(try MP4TestFiles.decoded(path, applying: span).count == 100_003)
  }

  @Test func sampleRateMovieTimescale() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac", "-movie_timescale", "44100"])
    #expect(try MP4File.gaplessSpan(at: path) == GaplessSpan(skip: 0, length: 100_003, source: "MP4 edit list"))
  }

  /// Without an edit list FFmpeg drops nothing; the span skips the encoder's 1024 frames itself,
  /// and what is left is sample for sample what FFmpeg gives for the same encoding with an edit list.
  @Test func withoutEditListTheEncoderPrimingIsSkipped() throws {
    let edited = try MP4TestFiles.make(folder, "edited.m4a", ["-c:a", "aac"])
    let bare = try MP4TestFiles.make(folder, "bare.m4a", ["-c:a", "aac", "-use_editlist", "0"])
    let span = try MP4File.gaplessSpan(at: bare)
    #expect(span.skip == 1024)
    #expect(span.length == 100_003)
    #expect(span.source.hasPrefix("the 1024-frame priming of FFmpeg's AAC encoder (Lavf"))
    #expect(span.note != nil)
    let reference = try MP4TestFiles.decoded(edited, applying: try MP4File.gaplessSpan(at: edited))
    #expect(try MP4TestFiles.decoded(bare, applying: span) == reference)
  }

  /// ALAC: the edit list says 2268 ms; the span gives the exact 100,003, the source bit for bit.
  @Test func alacIsTheSource() throws {
    let path = try MP4TestFiles.make(folder, "alac.m4a", ["-c:a", "alac"])
    let span = try MP4File.gaplessSpan(at: path)
    #expect(span == GaplessSpan(skip: 0, length: 100_003, source: "MP4 edit list"))
    let wav = try MP4TestFiles.make(folder, "source.wav", ["-c:a", "pcm_s16le"])
    #expect(try MP4TestFiles.decoded(path, applying: span) == (try FFmpegCLI.decodeFloat(wav)))
  }

  /// Opus at 48 kHz, with the edit list (2083 ms) and without (the `dOps` pre-skip): FFmpeg
  /// drops the 312 frames of pre-skip either way and decodes 100,488; the span keeps 100,003.
  @Test(arguments: [("MP4 edit list", [String]()), ("Opus pre-skip (dOps)", ["-use_editlist", "0"])])
  func opus(source: String, options: [String]) throws {
    let path = try MP4TestFiles.make(folder, "opus.mp4", rate: 48_000, ["-c:a", "libopus"] + options)
    let span = try MP4File.gaplessSpan(at: path)
    #expect(span == GaplessSpan(skip: 0, length: 100_003, source: source))
    #expect(try MP4TestFiles.decoded(path).count == 100_488)
  }
}
