import AudioTestSupport
import Containers
import Foundation
import Testing

/// The box reader on files FFmpeg writes: every field the gapless decision reads, as FFmpeg 5.1
/// writes it for 100,003 frames (measured with a box dump before these tests were written).
@Suite("MP4 fields as FFmpeg writes them")
struct MP4FieldsTests {
  let folder = TemporaryFolder("mp4-fields")

  /// FFmpeg's default: a movie timescale of 1000, so the edit list says 2267 ms, 28.6 frames
  /// short of the 100,003 frames the sample table holds after the 1024 frames of priming.
  @Test func aacWithMillisecondEditList() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac"])
    let fields = try MP4File.audioTrackFields(at: path)
    #expect(fields.codec == "mp4a")
    #expect(fields.objectType == 0x40)
    #expect(fields.audioObjectType == 2)
    #expect(fields.isAAC && !fields.isHighEfficiencyAAC)
    #expect(fields.sampleRate == 44_100)
    #expect(fields.movieTimescale == 1000)
    #expect(fields.mediaTimescale == 44_100)
    #expect(fields.mediaDuration == 1024 + 100_003)
    #expect(fields.edits == [MP4Edit(duration: 2267, mediaTime: 1024)])
    #expect(fields.packetDurations == MP4SampleDurations(packetCount: 99, total: 101_027, common: 1024, last: 675))
    #expect(fields.encoder?.hasPrefix("Lavf") == true)
    #expect(fields.gaplessInfo == nil)
  }

  /// With the movie timescale at the sample rate, the edit list is exact.
  @Test func aacWithSampleRateMovieTimescale() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac", "-movie_timescale", "44100"])
    let fields = try MP4File.audioTrackFields(at: path)
    #expect(fields.movieTimescale == 44_100)
    #expect(fields.edits == [MP4Edit(duration: 100_003, mediaTime: 1024)])
  }

  /// Without an edit list the track has none (nil, not empty), and the sample table still ends
  /// with the trimmed packet.
  @Test func aacWithoutEditList() throws {
    let path = try MP4TestFiles.make(folder, "aac.m4a", ["-c:a", "aac", "-use_editlist", "0"])
    let fields = try MP4File.audioTrackFields(at: path)
    #expect(fields.edits == nil)
    #expect(fields.packetDurations.total == 101_027)
  }

  /// ALAC: no priming, 4096-frame packets, and an edit list rounded up to 2268 ms.
  @Test func alac() throws {
    let path = try MP4TestFiles.make(folder, "alac.m4a", ["-c:a", "alac"])
    let fields = try MP4File.audioTrackFields(at: path)
    #expect(fields.codec == "alac")
    #expect(fields.hasNoPriming)
    #expect(fields.edits == [MP4Edit(duration: 2268, mediaTime: 0)])
    #expect(fields.mediaDuration == 100_003)
    #expect(fields.packetDurations == MP4SampleDurations(packetCount: 25, total: 100_003, common: 4096, last: 1699))
  }

  /// Opus: the `dOps` pre-skip of 312 frames, which the edit list skips too.
  @Test func opus() throws {
    let path = try MP4TestFiles.make(folder, "opus.mp4", rate: 48_000, ["-c:a", "libopus"])
    let fields = try MP4File.audioTrackFields(at: path)
    #expect(fields.codec == "Opus")
    #expect(fields.opusPreSkip == 312)
    #expect(fields.sampleRate == 48_000)
    #expect(fields.edits == [MP4Edit(duration: 2083, mediaTime: 312)])
    #expect(fields.packetDurations.total == 312 + 100_003)
  }

  /// QuickTime (`.mov`): a version 1 sound description whose `esds` sits inside a `wave` box.
  @Test func quickTimeMovie() throws {
    let path = try MP4TestFiles.make(folder, "aac.mov", ["-c:a", "aac", "-f", "mov"])
    let fields = try MP4File.audioTrackFields(at: path)
    #expect(fields.codec == "mp4a")
    #expect(fields.sampleRate == 44_100)
    #expect(fields.objectType == 0x40)
    #expect(fields.audioObjectType == 2)
    #expect(fields.edits == [MP4Edit(duration: 2267, mediaTime: 1024)])
  }

  /// 3GP at 8 kHz, the mobile-phone cousin.
  @Test func threeGP() throws {
    let path = try MP4TestFiles.make(folder, "aac.3gp", rate: 8000, frames: 10_007, ["-c:a", "aac", "-f", "3gp"])
    let fields = try MP4File.audioTrackFields(at: path)
    #expect(fields.mediaTimescale == 8000)
    #expect(fields.mediaDuration == 1024 + 10_007)
    #expect(fields.edits?.first?.mediaTime == 1024)
  }
}
