/// A stretch of one source placed on the timeline, in sample frames at the timeline's rate.
///
/// As in GStreamer Editing Services: `start` is where the clip begins in the output, `inPoint`
/// where it begins in its source, and `duration` how long it plays. Ranges are half-open:
/// the clip covers `start ..< start + duration`. Durations are in output frames; a later time
/// stretch will map them onto a different number of source frames, leaving this model as it is.
public struct Clip: Sendable, Hashable {
  /// Which of the timeline's sources this clip plays (an index into the render's inputs).
  public var source: Int
  public var start: Int64
  public var inPoint: Int64
  public var duration: Int64
  /// A constant gain factor applied on top of the envelope (1 = unchanged).
  public var gain: Double
  /// Fades and other volume changes over the clip's own time.
  public var envelope: VolumeEnvelope

  public init(
    source: Int, start: Int64, inPoint: Int64 = 0, duration: Int64, gain: Double = 1,
    envelope: VolumeEnvelope = VolumeEnvelope()
  ) {
    self.source = source
    self.start = start
    self.inPoint = inPoint
    self.duration = duration
    self.gain = gain
    self.envelope = envelope
  }

  /// True when the clip plays its source unchanged: unity gain and no volume change.
  public var isUnprocessed: Bool { gain == 1 && envelope.isUnity }

  /// The first sample frame after the clip.
  public var end: Int64 { start + duration }

  /// The output range the clip covers.
  public var range: Range<Int64> { start..<end }
}
