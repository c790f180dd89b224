/// One entry of a track's edit list (`elst`): which stretch of the media plays, and for how long.
public struct MP4Edit: Sendable, Equatable {
  /// How long the edit plays, in the movie's timescale (`mvhd`), which is often milliseconds.
  public var duration: Int64
  /// Where in the media the edit starts, in the media's timescale (`mdhd`); -1 for an empty edit,
  /// a pause before the media starts.
  public var mediaTime: Int64
  /// The playback rate as 16.16 fixed point; `MP4Edit.normalRate` plays at normal speed.
  public var rate: Int32

  /// A rate of exactly 1.
  public static let normalRate: Int32 = 0x1_0000

  /// An edit playing `duration` (movie timescale) from `mediaTime` (media timescale; -1 for a pause) at `rate`.
  public init(duration: Int64, mediaTime: Int64, rate: Int32 = MP4Edit.normalRate) {
    self.duration = duration
    self.mediaTime = mediaTime
    self.rate = rate
  }

  /// True for a pause: an edit that plays no media.
  public var isEmpty: Bool { mediaTime == -1 }
}
