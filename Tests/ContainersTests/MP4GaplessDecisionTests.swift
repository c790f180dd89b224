import Containers
import Testing

/// The length decision on fields alone, one rule at a time, with the numbers FFmpeg 5.1 writes for
/// 100,003 frames of AAC at 44.1 kHz: 1024 frames of priming, 99 packets, the last of 675.
@Suite("MP4 gapless decision")
struct MP4GaplessDecisionTests {
  /// FFmpeg's AAC track, with `edits` and the movie timescale they are in.
  static func aac(
    edits: [MP4Edit]?, movieTimescale: Int64 = 1000, encoder: String? = "Lavf59.27.100",
    gaplessInfo: ITunesGaplessInfo? = nil, followsTrack: Bool = true, audioObjectType: Int? = 2,
    durations: MP4SampleDurations = MP4SampleDurations(runs: [(98, 1024), (1, 675)])
  ) -> MP4AudioTrackFields {
    MP4AudioTrackFields(
      codec: "mp4a", objectType: 0x40, audioObjectType: audioObjectType, sampleRate: 44_100,
      movieTimescale: movieTimescale, mediaTimescale: 44_100, mediaDuration: durations.total, edits: edits,
      packetDurations: durations, gaplessInfo: gaplessInfo, gaplessInfoFollowsTrack: followsTrack, encoder: encoder)
  }

  /// A millisecond edit list loses up to 44 frames: 2267 ms is 99,974.7 frames. The sample table's
  /// exact 100,003 lies within one millisecond of it, so that is the length (not 99,975).
  @Test func millisecondEditListGivesTheExactLength() {
    let span = MP4GaplessDecision.span(for: Self.aac(edits: [MP4Edit(duration: 2267, mediaTime: 1024)]))
    #expect(span == GaplessSpan(skip: 0, length: 100_003, source: "MP4 edit list"))
  }

  /// An edit rounded up (ALAC's 2268 ms for 2267.6) is within one tick too.
  @Test func editListRoundedUpGivesTheExactLength() {
    let span = MP4GaplessDecision.span(for: Self.aac(edits: [MP4Edit(duration: 2268, mediaTime: 1024)]))
    #expect(span.length == 100_003)
  }

  /// An edit list that deliberately plays less than the media (a trimmed file) is taken as it
  /// says, converted from milliseconds: 1500 ms is 66,150 frames.
  @Test func shorterEditListIsKept() {
    let span = MP4GaplessDecision.span(for: Self.aac(edits: [MP4Edit(duration: 1500, mediaTime: 1024)]))
    #expect(span == GaplessSpan(skip: 0, length: 66_150, source: "MP4 edit list"))
  }

  /// A length that is no whole number of frames says so.
  @Test func inexactConversionIsNoted() {
    let span = MP4GaplessDecision.span(for: Self.aac(edits: [MP4Edit(duration: 1501, mediaTime: 1024)]))
    #expect(span.length == 66_194)
    #expect(span.note == "the edit list states the length in 1/1000 s, so it may be off by part of a tick")
  }

  /// An edit list longer than the media plays what there is.
  @Test func editListPastTheEndIsCut() {
    let span = MP4GaplessDecision.span(
      for: Self.aac(edits: [MP4Edit(duration: 2_300_000, mediaTime: 1024)], movieTimescale: 1_000_000))
    #expect(span.length == 100_003)
    #expect(span.note == "the edit list runs 1427 frames past the end of the media")
  }

  /// A pause before the edit (an empty edit) is left out and said.
  @Test func emptyEditThenEdit() {
    let edits = [MP4Edit(duration: 10, mediaTime: -1), MP4Edit(duration: 2267, mediaTime: 1024)]
    let span = MP4GaplessDecision.span(for: Self.aac(edits: edits))
    #expect(span.skip == 0 && span.length == 100_003)
    #expect(span.note == "the edit list starts with a pause of 441 frames, which is left out")
  }

  /// An edit list at another rate, or with two stretches, is not used; iTunSMPB is, with FFmpeg's
  /// own skip (the first edit's 1024) taken off its priming of 2112.
  @Test(arguments: [
    [MP4Edit(duration: 2267, mediaTime: 1024, rate: 0x2_0000)],
    [MP4Edit(duration: 1000, mediaTime: 1024), MP4Edit(duration: 1000, mediaTime: 50_000)],
  ])
  func unusableEditListFallsBackToITunSMPB(edits: [MP4Edit]) {
    let info = ITunesGaplessInfo(priming: 2112, padding: 0, length: 98_000)
    let span = MP4GaplessDecision.span(for: Self.aac(edits: edits, gaplessInfo: info, followsTrack: false))
    #expect(span.source == "iTunSMPB")
    #expect(span.skip == 2112 - 1024)
    #expect(span.length == 98_000)
    #expect(span.note?.hasPrefix("the edit list plays") == true)
  }

  /// iTunSMPB without an edit list (Apple's numbers: 100 whole packets hold 2112 + 100,003 + 285
  /// frames): FFmpeg drops the priming itself when the tag follows the track, so nothing is left
  /// to skip; when the tag comes before any track, FFmpeg ignores it.
  @Test(arguments: [(true, Int64(0)), (false, Int64(2112))])
  func iTunSMPBWithoutEditList(followsTrack: Bool, skip: Int64) {
    let info = ITunesGaplessInfo(priming: 2112, padding: 285, length: 100_003)
    let fields = Self.aac(
      edits: nil, encoder: nil, gaplessInfo: info, followsTrack: followsTrack,
      durations: MP4SampleDurations(runs: [(100, 1024)]))
    #expect(MP4GaplessDecision.span(for: fields) == GaplessSpan(skip: skip, length: 100_003, source: "iTunSMPB"))
  }

  /// With both, the edit list wins; an iTunSMPB priming larger than the edit's makes FFmpeg drop
  /// more than the edit says (measured: 2112 against 1024), which cannot be undone, so the
  /// length shrinks by the difference and the note says why.
  @Test func editListWinsOverITunSMPB() {
    let info = ITunesGaplessInfo(priming: 2112, padding: 0, length: 100_003)
    let span = MP4GaplessDecision.span(
      for: Self.aac(edits: [MP4Edit(duration: 100_003, mediaTime: 1024)], movieTimescale: 44_100, gaplessInfo: info))
    #expect(span.source == "MP4 edit list")
    #expect(span.skip == 0)
    #expect(span.length == 98_915)  // 100,003 less the 1088 frames FFmpeg drops beyond the edit's 1024
    #expect(
      span.note
        == "the iTunSMPB tag states a priming of 2112 frames, the edit list 1024: the edit list was used; "
        + "FFmpeg drops 2112 frames at the start, 1088 more than the MP4 edit list says")
  }

  /// No edit list, no iTunSMPB: FFmpeg's encoder primes 1024 frames and trims its last packet, so
  /// the length is the table's total less the priming.
  @Test func ffmpegEncoderPriming() {
    let span = MP4GaplessDecision.span(for: Self.aac(edits: nil))
    #expect(span.skip == 1024)
    #expect(span.length == 100_003)
    #expect(span.source == "the 1024-frame priming of FFmpeg's AAC encoder (Lavf59.27.100)")
    #expect(
      span.note == "the file states no priming (no edit list or iTunSMPB), so it was assumed from the encoder name")
  }

  /// Apple's encoder primes 2112 frames but fills its last packet, so the end is not known.
  @Test func iTunesEncoderPriming() {
    let span = MP4GaplessDecision.span(
      for: Self.aac(edits: nil, encoder: "iTunes 12.9.0.164", durations: MP4SampleDurations(runs: [(100, 1024)])))
    #expect(span.skip == 2112)
    #expect(span.length == nil)
    #expect(span.note?.hasSuffix("the last packet is whole, so the padding after the audio is unknown") == true)
  }

  /// Unknown encoders, and HE-AAC, get nothing assumed.
  @Test func unknownEncoderIsNotGuessed() {
    let expected = "no edit list or iTunSMPB and no known encoder: the length is what decodes"
    let unknown = MP4GaplessDecision.span(for: Self.aac(edits: nil, encoder: "Nero AAC codec"))
    #expect(unknown == GaplessSpan(skip: 0, length: nil, source: "none", note: expected))
    let highEfficiency = MP4GaplessDecision.span(for: Self.aac(edits: nil, audioObjectType: 5))
    #expect(highEfficiency.length == nil && highEfficiency.skip == 0)
    #expect(highEfficiency.note == "the priming of FFmpeg's AAC encoder for HE-AAC is not known here; " + expected)
  }

  /// ALAC without an edit list: no priming, the table's total.
  @Test func losslessWithoutEditList() {
    let fields = MP4AudioTrackFields(
      codec: "alac", sampleRate: 44_100, movieTimescale: 1000, mediaTimescale: 44_100, mediaDuration: 100_003,
      edits: nil, packetDurations: MP4SampleDurations(runs: [(24, 4096), (1, 1699)]))
    #expect(MP4GaplessDecision.span(for: fields) == GaplessSpan(skip: 0, length: 100_003, source: "MP4 sample table"))
  }

  /// Opus without an edit list: the decoder drops the pre-skip itself; the length is what follows.
  @Test func opusPreSkip() {
    let fields = MP4AudioTrackFields(
      codec: "Opus", sampleRate: 48_000, opusPreSkip: 312, movieTimescale: 1000, mediaTimescale: 48_000,
      mediaDuration: 100_315, edits: nil, packetDurations: MP4SampleDurations(runs: [(104, 960), (1, 475)]))
    #expect(
      MP4GaplessDecision.span(for: fields) == GaplessSpan(skip: 0, length: 100_003, source: "Opus pre-skip (dOps)"))
  }

  /// A media timescale other than the sample rate (90 kHz here, with 48 kHz audio) is converted.
  @Test func mediaTimescaleOtherThanSampleRate() {
    let fields = MP4AudioTrackFields(
      codec: "alac", sampleRate: 48_000, movieTimescale: 90_000, mediaTimescale: 90_000, mediaDuration: 187_500,
      edits: [MP4Edit(duration: 187_500, mediaTime: 0)], packetDurations: MP4SampleDurations(runs: [(1, 187_500)]))
    #expect(MP4GaplessDecision.span(for: fields) == GaplessSpan(skip: 0, length: 100_000, source: "MP4 edit list"))
  }
}
