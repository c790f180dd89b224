import Foundation

/// A stretch of one source placed on the timeline, in sample frames at the timeline's rate.
///
/// As in GStreamer Editing Services: `start` is where the clip begins in the output, `inPoint`
/// where it begins in its source, and `duration` how long it plays. Ranges are half-open:
/// the clip covers `start ..< start + duration`. Durations are in output frames; a later time
/// stretch will map them onto a different number of source frames, leaving this model as it is.
///
/// A clip belongs to a playlist item (`item`): one item may become several clips (a pause cut
/// out, a trim), and every listing reads items, never clips.
public struct Clip: Sendable, Hashable {
  /// Which of the timeline's sources this clip plays (an index into the render's inputs).
  public var source: Int
  /// Which playlist item the clip is a piece of; the source's index unless said otherwise.
  public var item: Int
  /// Whether the clip is a track of the mix or an overlay on top of it.
  public var layer: Layer
  /// Where the clip begins on the timeline, in output frames.
  public var start: Int64
  /// Where the clip begins in its source, in source frames at the timeline's rate.
  public var inPoint: Int64
  /// How many output frames the clip plays, after any stretch and splice.
  public var duration: Int64
  /// A constant gain factor applied on top of the envelope (1 = unchanged).
  public var gain: Double
  /// Volume changes over the clip's own time (AVFoundation's ramps).
  public var envelope: VolumeEnvelope
  /// A fade from silence over the clip's first frames.
  public var fadeIn: Fade?
  /// A fade to silence over the clip's last frames.
  public var fadeOut: Fade?
  /// Jumps forward in the source (pauses shortened), in order; none for a clip that plays one
  /// stretch of its source.
  public var splices: [Splice] = []
  /// How its source is stretched to its duration; nil when one source frame is one clip frame.
  public var stretch: Stretch?
  /// Semitones its pitch moves besides what a varispeed stretch moves it (a key shift), its
  /// length unchanged; 0 for none.
  public var pitchShift = 0
  /// Bass swaps over its crossfades (`--eq-swap`), in order and apart.
  public var lowBandSwaps: [LowBandSwap] = []
  /// Where it lies in a run of tracks resampled as one signal (`Plan.resampledRuns`); nil when
  /// its source is resampled, if at all, alone.
  public var resampledRun: RunPlace?

  /// What a clip is to the mix.
  public enum Layer: String, Sendable, Hashable, Codable {
    /// A track: listed in tracklists and chapters, lowered under ducking overlays.
    case track
    /// Sound on top of the tracks (a jingle, a voice-over): never listed, never ducked.
    case overlay
  }

  /// A track or overlay clip playing `duration` frames of `source` from `inPoint`, placed at `start` on the timeline;
  /// `item` is the source's index when nil. It has no fades, splices, stretch or pitch shift.
  public init(
    source: Int, item: Int? = nil, layer: Layer = .track, start: Int64, inPoint: Int64 = 0, duration: Int64, gain: Double = 1,
    envelope: VolumeEnvelope = VolumeEnvelope()
  ) {
    self.source = source
    self.item = item ?? source
    self.layer = layer
    self.start = start
    self.inPoint = inPoint
    self.duration = duration
    self.gain = gain
    self.envelope = envelope
  }

  /// True when the clip plays its source unchanged: unity gain, no volume change, no splice.
  public var isUnprocessed: Bool {
    gain == 1 && envelope.isUnity && fadeIn == nil && fadeOut == nil && splices.isEmpty && playedStretch == nil && lowBandSwaps.isEmpty
  }

  /// The stretch the clip is played through: its own, or one that keeps its length where only
  /// its pitch moves (`pitchShift`), with Rubber Band's short window, which keeps drum hits where
  /// they were (the standard one moved a shifted track's beats by up to 5 ms); nil for neither.
  public var playedStretch: Stretch? {
    guard stretch == nil, pitchShift != 0 else { return stretch }
    return Stretch(sourceFrames: duration, method: .preservePitch, sharpAttacks: true)
  }

  /// The factor its stretch scales the source's pitch by: the speed of a varispeed stretch, times
  /// two to the power of `pitchShift` twelfths.
  public var pitchScale: Double {
    let speed = stretch.map { $0.method == .varispeed ? Double($0.sourceFrames) / Double(max(1, duration)) : 1 } ?? 1
    return speed * pow(2, Double(pitchShift) / 12)
  }

  /// The bass swap whose filter runs at clip frame `frame`, if any.
  public func lowBandSwap(at frame: Int64) -> LowBandSwap? { lowBandSwaps.first { $0.filtered(within: duration).contains(frame) } }

  /// The factor on the clip's low band at `frame` inside a bass swap's span: its gain and envelope
  /// times the swap's own gain, no fade.
  public func lowBandVolume(at frame: Int64, in swap: LowBandSwap) -> Double { gain * envelope.volume(at: frame) * swap.gain(at: frame) }

  /// The first sample frame after the clip.
  public var end: Int64 { start + duration }

  /// The output range the clip covers.
  public var range: Range<Int64> { start..<end }

  /// The frames (of the clip's own time) its fade-in and fade-out cover.
  public var fadeInRange: Range<Int64>? { fadeIn.map { 0..<$0.length } }
  /// The frames (of the clip's own time) its fade-out covers, its last ones; nil without a fade-out.
  public var fadeOutRange: Range<Int64>? { fadeOut.map { (duration - $0.length)..<duration } }

  /// The factor applied at `frame` frames into the clip: gain, envelope and fades multiplied (a
  /// fade-in and a fade-out may overlap on a short clip; their product is heard).
  public func volume(at frame: Int64) -> Double {
    var volume = gain * envelope.volume(at: frame)
    if let fadeIn, frame < fadeIn.length { volume *= fadeIn.curve.fadeInGain(Double(frame) / Double(fadeIn.length)) }
    if let fadeOut, let range = fadeOutRange, frame >= range.lowerBound {
      volume *= fadeOut.curve.fadeOutGain(Double(frame - range.lowerBound) / Double(fadeOut.length))
    }
    return volume
  }

  /// The factor over `range` (frames of the clip's own time) when it is one number there, nil
  /// when a ramp or fade changes it.
  public func constantVolume(over range: Range<Int64>) -> Double? {
    let fading = [fadeInRange, fadeOutRange].contains { $0.map { !$0.isEmpty && $0.overlaps(range) } ?? false }
    return fading || !envelope.isConstant(over: range) ? nil : volume(at: range.lowerBound)
  }

  /// Every change of volume as a ramp (the envelope's ramps and the fades), in order, for
  /// pictures and plans.
  public var volumeRamps: [VolumeEnvelope.Ramp] {
    var ramps = envelope.ramps
    if let fadeIn, let range = fadeInRange { ramps.append(.init(from: 0, to: 1, range: range, curve: fadeIn.curve)) }
    if let fadeOut, let range = fadeOutRange { ramps.append(.init(from: 1, to: 0, range: range, curve: fadeOut.curve)) }
    return ramps.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }
}
