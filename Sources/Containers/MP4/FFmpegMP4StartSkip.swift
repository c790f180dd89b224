/// How many frames FFmpeg 5.1's MP4 demuxer and decoders drop by themselves at the start of an
/// audio track, given its fields: what a `GaplessSpan`'s skip comes on top of.
///
/// The rules, read in libavformat/mov.c and libavcodec/decode.c of 5.1 and measured here:
/// - The first non-empty edit's media time is skipped (for every audio codec but Vorbis, which
///   MP4 files hardly ever hold and which is not told apart here).
/// - For AAC, an `iTunSMPB` tag read after the track (FFmpeg gives it to the last track read) with
///   a priming of 1–16383 replaces that skip; whole packets the edit list drops are dropped
///   anyway, so the skip is the larger of the two. Measured: an edit skipping 1024 with an
///   iTunSMPB priming of 2112 decodes 2112 frames short; with a priming of 512, 1024 short.
/// - For Opus, the decoder drops the `dOps` pre-skip, unless an edit skips something, which then
///   replaces it.
enum FFmpegMP4StartSkip {
  /// The skip in the media timescale (which FFmpeg takes as frames).
  static func ticks(for track: MP4AudioTrackFields) -> Int64 {
    let editStart = track.edits?.first { !$0.isEmpty }?.mediaTime ?? 0
    if track.isAAC, track.gaplessInfoFollowsTrack, let priming = track.gaplessInfo?.priming,
      (1..<16384).contains(priming)
    {
      return max(priming, wholePacketsBefore(editStart, track.packetDurations))
    }
    if track.codec == "Opus", editStart == 0 { return track.opusPreSkip ?? 0 }
    return editStart
  }

  /// The ticks of the packets that end at or before `time`, which the edit list drops whole.
  private static func wholePacketsBefore(_ time: Int64, _ durations: MP4SampleDurations) -> Int64 {
    guard let packet = durations.common, packet > 0 else { return 0 }
    return time / packet * packet
  }
}
