import AudioTestSupport
import Containers
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Files that other programs wrote decode to the length their container states, judged by an
/// independent decoder or the container's own fields where FFmpeg 5.1 is itself wrong.
@Suite("Input lengths")
struct InputLengthTests {
  /// Short Ogg Vorbis files, from FFmpeg's libvorbis wrapper and from SoX, decode to exactly what
  /// libvorbis (through SoX) decodes: FFmpeg 5.1 ends 128 samples early on such files.
  @Test(arguments: [
    (encoder: "ffmpeg", frames: 44_100), (encoder: "ffmpeg", frames: 7_919), (encoder: "ffmpeg", frames: 20_011),
    (encoder: "sox", frames: 44_100), (encoder: "sox", frames: 13_337),
  ])
  func shortOggVorbisDecodesAsLibvorbisDoes(encoder: String, frames: Int) throws {
    let folder = TemporaryFolder()
    let source = folder.file("source.wav")
    let path = folder.file("short.ogg")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=2", "-af", "atrim=end_sample=\(frames)", "-c:a", "pcm_s16le", source])
    if encoder == "ffmpeg" {
      try FFmpegCLI.make(["-i", source, "-c:a", "libvorbis", path])
    } else {
      try SoXCLI.make([source, path])
    }
    let libvorbis = try SoXCLI.decodeFloat(path)
    #expect(libvorbis.count == frames)
    let decoded = try AudioFile.read(path: path).samples
    #expect(decoded.count == libvorbis.count)
    #expect(Measure.maxDifference(decoded, libvorbis) < 1e-4)
  }

  /// What follows an MP3's last frame (tags, stray bytes) changes nothing: the LAME tag's length
  /// holds (FFmpeg 5.1 drops it when the tags are over 1/16 of the file) and the samples are the
  /// clean file's.
  @Test(arguments: ["APEv2 tag of 3 KB", "1 KB of zeros", "Lyrics3v2 and ID3v1", "APEv1 footer"])
  func mp3WithBytesAfterItsLastFrameDecodesAsTheCleanFile(_ ending: String) throws {
    let folder = TemporaryFolder()
    let clean = folder.file("clean.mp3")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=3", "-af", "atrim=end_sample=100003", "-c:a", "libmp3lame", clean])
    let appended: [UInt8] =
      switch ending {
      case "APEv2 tag of 3 KB": AudioTags.apev2Tag(length: 3_072)
      case "1 KB of zeros": [UInt8](repeating: 0, count: 1_024)
      case "Lyrics3v2 and ID3v1": AudioTags.lyrics3v2Tag() + AudioTags.id3v1Tag()
      default: AudioTags.apev1Tag()
      }
    let tagged = folder.file("tagged.mp3")
    try (try Data(contentsOf: URL(fileURLWithPath: clean)) + Data(appended)).write(to: URL(fileURLWithPath: tagged))

    let decoded = try AudioFile.read(path: tagged).samples
    #expect(decoded.count == 100_003)
    #expect(decoded.elementsEqual(try AudioFile.read(path: clean).samples), "the samples differ from the clean file's")
  }

  /// A FLAC with tags or stray bytes after its last frame decodes as the clean file: FLAC's
  /// parser hands them over with the last frame, and the decoder's failure on them, past the
  /// length STREAMINFO states, is the end of the audio.
  @Test(arguments: ["Lyrics3v2 and ID3v1", "1 KB of zeros"])
  func flacWithBytesAfterItsLastFrameDecodesAsTheCleanFile(_ ending: String) throws {
    let folder = TemporaryFolder()
    let clean = folder.file("clean.flac")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=3", "-af", "atrim=end_sample=100003", "-ac", "2", "-c:a", "flac", clean])
    let appended = ending == "1 KB of zeros" ? [UInt8](repeating: 0, count: 1_024) : AudioTags.lyrics3v2Tag() + AudioTags.id3v1Tag()
    let tagged = folder.file("tagged.flac")
    try (try Data(contentsOf: URL(fileURLWithPath: clean)) + Data(appended)).write(to: URL(fileURLWithPath: tagged))

    let decoded = try AudioFile.read(path: tagged).samples
    #expect(decoded.count == 2 * 100_003)
    #expect(decoded.elementsEqual(try AudioFile.read(path: clean).samples), "the samples differ from the clean file's")
  }

  /// An MP3 cut short is refused, naming how much its LAME tag says is missing; with
  /// `--allow-truncated` it renders as far as it goes, and says so.
  @Test func truncatedMP3IsRefusedOrRenderedAsFarAsItGoes() throws {
    let folder = TemporaryFolder()
    let whole = folder.file("whole.mp3")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=3", "-af", "atrim=end_sample=100003", "-c:a", "libmp3lame", whole])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    let cut = folder.file("cut.mp3")
    try bytes.prefix(bytes.count * 6 / 10).write(to: URL(fileURLWithPath: cut))
    let output = folder.file("out.wav")

    #expect {
      try Renderer.render(RenderRequest(inputs: [InputSource(path: cut)], outputPath: output, cache: nil))
    } throws: { "\($0)".hasPrefix("\(cut): truncated: decoded ") && "\($0)".hasSuffix(" of 100003 sample frames; `tolerance.truncated` renders it as far as it goes") }

    var request = RenderRequest(inputs: [InputSource(path: cut)], outputPath: output, cache: nil)
    request.tolerate(DecodeTolerance(truncated: true))
    let report = try Renderer.render(request)
    let missing = 100_003 - report.outputFrameCount
    #expect(missing > 30_000 && missing < 50_000)
    #expect(report.allNotes.contains { $0.hasPrefix("\(cut): truncated: \(missing) sample frames (") })
  }

  /// An MP4 without an edit list but with an iTunSMPB tag (as iTunes-era files have) decodes to
  /// the tag's length, from the tag's priming.
  @Test func mp4WithITunSMPBAndNoEditListDecodesToTheTagsLength() throws {
    let folder = TemporaryFolder()
    let path = folder.file("itunes.m4a")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=3", "-af", "atrim=end_sample=100003", "-c:a", "aac", "-use_editlist", "0", path])
    let reference = try AudioFile.read(path: path).samples
    // Without a tag, the priming of FFmpeg's encoder: now the tag says so, with a 1088-frame priming.
    try MP4TagWriter.setFreeformTags(
      [.gapless(ITunesGaplessInfo(priming: 1_088, padding: 285, length: 99_939))], inFileAt: path)
    let decoded = try AudioFile.read(path: path).samples
    #expect(decoded.count == 99_939)
    #expect(decoded.elementsEqual(reference[64...]), "the samples are not the stream after the tag's priming")
  }

  /// A compressed WAV's `fact` chunk is its length (the RIFF rule): the padded last block is cut.
  @Test func compressedWAVEndsWhereItsFactChunkSays() throws {
    let folder = TemporaryFolder()
    let path = folder.file("adpcm.wav")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=1.2345:r=8000", "-c:a", "adpcm_ima_wav", path])
    let padded = try FFmpegCLI.decodeFloat(path)
    // FFmpeg's muxer states the padded count; other writers state the true one, 9876 frames.
    try WAVTestFile.setFactSampleCount(9_876, in: path)
    let decoded = try AudioFile.read(path: path).samples
    #expect(padded.count > 9_876)
    #expect(decoded.count == 9_876)
    #expect(decoded.elementsEqual(padded.prefix(9_876)), "the decoded samples are not the first 9876 of the padded decode")
    #expect(try FileInspection.inspect(path: path, cache: nil).frameCount == 9_876)
  }
}

/// MP4 output carries iTunSMPB beside its edit list, for players that ignore edit lists.
@Suite struct GaplessTagOutputTests {
  @Test func aacInMP4StatesPrimingPaddingAndLengthInITunSMPB() throws {
    let folder = TemporaryFolder()
    let source = folder.file("source.wav")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:d=3", "-af", "atrim=end_sample=100003", source])
    let output = folder.file("out.m4a")
    _ = try Renderer.render(RenderRequest(inputs: [InputSource(path: source)], outputPath: output, cache: nil))

    let probe = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "format_tags=iTunSMPB", "-of", "csv=p=0", output])
    let fields = String(decoding: probe.stdout, as: UTF8.self).split(separator: " ").compactMap { Int64($0.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) }
    try #require(fields.count == 12, "\(String(decoding: probe.stdout, as: UTF8.self))")
    let (priming, padding, length) = (fields[1], fields[2], fields[3])
    #expect(priming == 1024 && length == 100_003)
    #expect((priming + length + padding) % 1024 == 0 && padding < 1024)
    // Rewriting the boxes left the audio whole.
    #expect(try AudioFile.read(path: output).samples.count == 100_003)
  }
}

/// Edits the chunks of a WAV file written by the ffmpeg CLI.
enum WAVTestFile {
  /// Overwrites the sample count of the file's `fact` chunk.
  static func setFactSampleCount(_ count: UInt32, in path: String) throws {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let fact = bytes.range(of: Data("fact".utf8)) else { throw FFmpegCLI.Failure(message: "no fact chunk in \(path)") }
    withUnsafeBytes(of: count.littleEndian) { bytes.replaceSubrange(fact.upperBound + 4..<fact.upperBound + 8, with: $0) }
    try bytes.write(to: URL(fileURLWithPath: path))
  }
}
