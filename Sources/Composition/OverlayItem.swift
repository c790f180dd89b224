/// An overlay to place on a planned mix: a stretch of a source, where it goes, and how it ducks.
public struct OverlayItem: Sendable {
  /// Where an overlay goes on the timeline.
  public enum Anchor: Sendable, Hashable {
    /// At this frame of the timeline, from the mix's start.
    case timeline(Int64)
    /// `offset` frames (may be negative) from where item `item` (a plan item's index) begins.
    case item(Int, offset: Int64)
  }

  /// The source's index in the render's inputs.
  public var source: Int
  /// The source's exact length in frames at the timeline's rate.
  public var availableFrames: Int64
  /// Where the overlay starts in its source, in frames at the timeline's rate.
  public var inPoint: Int64
  /// Where the overlay ends in its source; the source's end when nil.
  public var outPoint: Int64?
  /// Where the overlay starts on the timeline.
  public var anchor: Anchor
  /// A constant gain factor on the overlay (1: unchanged).
  public var gain: Double
  /// A fade from silence over the overlay's first frames; nil for none.
  public var fadeIn: Fade?
  /// A fade to silence over the overlay's last frames; nil for none.
  public var fadeOut: Fade?
  /// The factor the tracks under it are multiplied by, and the ramp length; nil for no ducking.
  public var duck: (gain: Double, rampLength: Int64)?
  /// How the overlay is named in messages.
  public var label: String

  /// An overlay playing `source` (`availableFrames` long) from `inPoint` to `outPoint` (its end when nil), placed at
  /// `anchor` and named `label`; it ducks the tracks under it when `duck` is given.
  public init(
    source: Int, availableFrames: Int64, inPoint: Int64 = 0, outPoint: Int64? = nil, anchor: Anchor, gain: Double = 1,
    fadeIn: Fade? = nil, fadeOut: Fade? = nil, duck: (gain: Double, rampLength: Int64)? = nil, label: String
  ) {
    self.source = source
    self.availableFrames = availableFrames
    self.inPoint = inPoint
    self.outPoint = outPoint
    self.anchor = anchor
    self.gain = gain
    self.fadeIn = fadeIn
    self.fadeOut = fadeOut
    self.duck = duck
    self.label = label
  }
}

extension Planner {
  /// Lays `overlays` over a planned mix: each becomes a clip on the overlay layer, and those that
  /// duck lower the tracks under them. The mix may grow when an overlay ends after it.
  public static func place(_ overlays: [OverlayItem], on plan: Plan) throws(PlanError) -> Plan {
    guard !overlays.isEmpty else { return plan }
    let timeline = plan.timeline
    let seconds = SecondsFormatter(sampleRate: timeline.sampleRate)
    let itemStarts = Dictionary(timeline.items.map { ($0.id, $0.start) }, uniquingKeysWith: { first, _ in first })
    var clips = timeline.clips
    var ducks = timeline.ducks
    for overlay in overlays {
      let planItem = PlanItem(
        source: overlay.source, availableFrames: overlay.availableFrames, inPoint: overlay.inPoint, outPoint: overlay.outPoint,
        gain: overlay.gain, fadeIn: overlay.fadeIn, fadeOut: overlay.fadeOut, label: overlay.label)
      var clip = try makeClip(planItem, seconds: seconds)
      clip.layer = .overlay
      clip.start =
        switch overlay.anchor {
        case .timeline(let frame): frame
        case .item(let item, let offset): (itemStarts[item] ?? 0) + offset
        }
      guard clip.start >= 0 else {
        throw PlanError(message: "\(overlay.label): the overlay would start \(seconds(-clip.start)) before the mix")
      }
      clips.append(clip)
      if let duck = overlay.duck { ducks.append(Duck(range: clip.range, gain: duck.gain, rampLength: duck.rampLength)) }
    }
    clips.sort { ($0.start, $0.layer == .overlay ? 1 : 0) < ($1.start, $1.layer == .overlay ? 1 : 0) }
    var placed = plan
    placed.timeline = Timeline(sampleRate: timeline.sampleRate, clips: clips, ducks: ducks)
    return placed
  }
}
