import CFFmpegShim

/// Where each decoded frame lies on the source's timeline, judged by its timestamp against the
/// frames before it: a frame stamped later than they end follows lost audio (pages the Ogg demuxer
/// skipped for a failed checksum, packets that failed to decode), which becomes silence of the
/// lost length in its place.
///
/// Each frame waits for the next one before it is put out, because the next one's timestamp says
/// more about it on FFmpeg 5.1:
/// - Vorbis frames that switch from a long block to a short one are stamped late by up to a
///   quarter of the long block (448 frames for 2048/256 blocks), and the frame after is stamped
///   right: a lost stretch judged on such a frame is shortened by what the next frame shows.
/// - After lost pages, the Ogg demuxer stamps the first packet of the next page as if nothing
///   was lost (its start is the last good page's end); only the packet after it carries the time
///   its own page's granule position gives. That first frame, decoded against a block from before
///   the loss, is lost with it.
///
/// Timestamps are in sample frames of the source; a frame without one is placed right after the
/// frame before it.
struct FramePlacement {
  /// Frames by which a timestamp may differ from where the frames before it end, on intact files.
  let tolerance: Int64
  /// True where a loss shows one frame late: the Ogg demuxer's first packet after lost pages.
  let lossShowsOneFrameLate: Bool
  /// Where the frame after the waiting one should start; nil until a frame with a timestamp came.
  private var expectedStart: Int64?
  /// The frame decoded last, not yet put out.
  private var waiting: Release?

  /// What to put out for a frame whose place is settled: silence, then (unless it is lost with
  /// the loss after it) the frame.
  struct Release: Equatable {
    /// Sample frames of silence before the frame: the audio lost there.
    var silence: Int64
    /// False when the frame itself is lost.
    var putsOutFrame = true
    /// True when damage comes before the frame: lost audio, or a packet that failed to decode.
    var followsDamage: Bool
    /// The frame's length.
    fileprivate var count: Int64
  }

  init(tolerance: Int64, lossShowsOneFrameLate: Bool) {
    self.tolerance = tolerance
    self.lossShowsOneFrameLate = lossShowsOneFrameLate
  }

  /// Judges a frame of `count` sample frames stamped `start`, decoded after a packet that failed
  /// when `afterDecodeError`; returns what to put out for the frame that waited, if one did. The
  /// new frame waits in its place.
  mutating func place(start: Int64?, count: Int64, afterDecodeError: Bool) -> Release? {
    var released = waiting
    var new = Release(silence: 0, followsDamage: afterDecodeError, count: count)
    defer { waiting = new }
    guard let expected = expectedStart, let start, case let (jump, overflow) = start.subtractingReportingOverflow(expected),
      !overflow, jump.magnitude <= Self.largestLoss
    else {
      // A frame without a usable stamp goes after the frame before it.
      expectedStart = Self.end(of: expectedStart ?? start, count: count)
      return released
    }
    var offset = jump
    if offset < 0, let late = released, late.silence > 0 {
      // The frame that waited was stamped late: less was lost before it.
      let excess = min(late.silence, -offset)
      released?.silence -= excess
      offset += excess
    }
    let followsLoss = offset > tolerance || (afterDecodeError && offset > 0)
    if followsLoss {
      new.silence = offset
      new.followsDamage = true
      if lossShowsOneFrameLate, !afterDecodeError, let lost = released {
        new.silence += lost.silence + lost.count
        released = Release(silence: 0, putsOutFrame: false, followsDamage: false, count: lost.count)
      }
    }
    // After a loss the frame lies where it is stamped; otherwise where the frames before it end
    // (a frame stamped a little late on an intact file).
    expectedStart = Self.end(of: followsLoss ? start : start - offset, count: count)
    return released
  }

  /// Where a frame of `count` starting at `start` ends; nil when unknown or past what a stamp holds.
  private static func end(of start: Int64?, count: Int64) -> Int64? {
    start.flatMap { start in
      let (end, overflow) = start.addingReportingOverflow(count)
      return overflow ? nil : end
    }
  }

  /// At the end of the stream: what to put out for the frame that waited, if one did.
  mutating func finish() -> Release? {
    defer { waiting = nil }
    return waiting
  }

  /// Sample frames decoded but not yet put out: the waiting frame and the silence before it.
  var framesWaiting: Int64 { waiting.map { $0.silence + $0.count } ?? 0 }

  /// Starts again after a seek, at a frame put out at once that ends at `end` (nil when unknown).
  mutating func restart(endingAt end: Int64?) {
    expectedStart = end
    waiting = nil
  }
}

extension FramePlacement {
  /// The largest jump of a timestamp taken for lost audio, about 27 hours at 44.1 kHz: a larger
  /// one is a corrupt timestamp, and the frame goes after the frame before it.
  static let largestLoss: Int64 = 1 << 32

  /// The largest lateness of a Vorbis frame's timestamp on FFmpeg 5.1: a quarter of the largest
  /// long block less the smallest short one, (8192 - 64) / 4.
  static let vorbisLateness: Int64 = 2_032

  /// The placement for `demuxer`'s audio stream at `sampleRate`: Vorbis timestamps may be late by
  /// `vorbisLateness`; others are exact to the tick of the stream's time base.
  init(for demuxer: Demuxer, sampleRate: Int) {
    let base = demuxer.stream.pointee.time_base
    let tick = (Int64(sampleRate) * Int64(base.num) + Int64(base.den) - 1) / max(1, Int64(base.den))
    let isVorbis = demuxer.stream.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_VORBIS
    self.init(tolerance: isVorbis ? max(tick, Self.vorbisLateness) : max(tick, 1), lossShowsOneFrameLate: demuxer.containerName == "ogg")
  }
}
