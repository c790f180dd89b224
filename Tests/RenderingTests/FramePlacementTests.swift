import Testing

@testable import FFmpegAudio

/// Where decoded frames go, from their timestamps as FFmpeg 5.1 gives them: late Vorbis stamps
/// are no loss, lost Ogg pages show one frame late, a decode error counts any gap.
@Suite struct FramePlacementTests {
  /// One decoded frame: its timestamp (nil for none), its length, and whether a packet failed before it.
  struct Decoded {
    var start: Int64?
    var count: Int64
    var afterDecodeError = false
  }

  /// What each frame's release says, in order, for frames decoded in `order` (the last at the end).
  private static func releases(_ order: [Decoded], oneFrameLate: Bool = true, tolerance: Int64 = FramePlacement.vorbisLateness)
    -> [FramePlacement.Release]
  {
    var placement = FramePlacement(tolerance: tolerance, lossShowsOneFrameLate: oneFrameLate)
    var released = order.compactMap { placement.place(start: $0.start, count: $0.count, afterDecodeError: $0.afterDecodeError) }
    if let last = placement.finish() { released.append(last) }
    return released
  }

  private static func summary(_ releases: [FramePlacement.Release]) -> [String] {
    releases.map { "\($0.silence)\($0.putsOutFrame ? "" : " dropped")\($0.followsDamage ? " damage" : "")" }
  }

  /// An intact Vorbis stream: the long-to-short frame is stamped 448 late, the next one right.
  @Test func lateVorbisStampsLoseNothing() {
    let frames = [
      Decoded(start: 0, count: 576), Decoded(start: 576, count: 1024), Decoded(start: 2048, count: 576), Decoded(start: 2176, count: 128),
    ]
    #expect(Self.summary(Self.releases(frames)) == ["0", "0", "0", "0"])
  }

  /// Pages lost after frame 1600..2624: the next page's first frame is stamped as if nothing
  /// was lost, and is lost with them; the frame after it, stamped 30000, shows the loss.
  @Test func lostOggPagesTakeTheFirstFrameAfterThemToo() {
    let frames = [
      Decoded(start: 0, count: 1600), Decoded(start: 1600, count: 1024), Decoded(start: 2624, count: 1024),
      Decoded(start: 30_000, count: 1024), Decoded(start: 31_024, count: 1024),
    ]
    #expect(Self.summary(Self.releases(frames)) == ["0", "0", "0 dropped", "27376 damage", "0"])
  }

  /// The same loss shown on a frame stamped 448 late: the frame after it takes the 448 back.
  @Test func aLossShownOnALateStampIsCountedFromTheNextFrame() {
    let frames = [
      Decoded(start: 0, count: 2624), Decoded(start: 2624, count: 1024), Decoded(start: 30_448, count: 576),
      Decoded(start: 30_576, count: 128),
    ]
    #expect(Self.summary(Self.releases(frames)) == ["0", "0 dropped", "27376 damage", "0"])
  }

  /// Where a loss shows on the frame after it (MP4, FLAC), the frame before stays; after a packet
  /// that failed to decode, any gap is lost audio, and none is damage the decoder covered.
  @Test func elsewhereTheFrameBeforeALossStays() {
    let frames = [
      Decoded(start: 0, count: 1024), Decoded(start: 5_120, count: 1024), Decoded(start: 7_168, count: 1024, afterDecodeError: true),
      Decoded(start: 8_192, count: 1024, afterDecodeError: true), Decoded(start: nil, count: 1024), Decoded(start: 10_240, count: 1024),
    ]
    let expected = ["0", "4096 damage", "1024 damage", "0 damage", "0", "0"]
    #expect(Self.summary(Self.releases(frames, oneFrameLate: false, tolerance: 1)) == expected)
  }

  /// Stamps no file could mean (past a day of audio away, or at the ends of what a stamp holds)
  /// are no loss: the frame goes after the one before it.
  @Test func corruptStampsAreNoLoss() {
    let frames = [
      Decoded(start: 0, count: 1024), Decoded(start: Int64.max - 10, count: 1024), Decoded(start: 1 << 40, count: 1024),
      Decoded(start: Int64.min, count: 1024), Decoded(start: 4_096, count: 1024),
    ]
    #expect(Self.summary(Self.releases(frames, oneFrameLate: false, tolerance: 1)) == ["0", "0", "0", "0", "0"])
  }
}
