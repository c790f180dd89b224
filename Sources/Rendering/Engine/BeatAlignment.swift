import Analysis
import Composition
import Foundation
import Synchronization

/// How closely two beat-matched tracks' beats met in their overlap, as the engine played them: a
/// self-check of every beat-matched render.
///
/// A join is judged only on the beats where both tracks have a clear onset (`clearOnsetRatio`),
/// and only with at least `leastClearBeats` of them; it is off when the median distance of the
/// incoming track's onsets from the outgoing track's exceeds `warningSeconds`, so one stray onset
/// never makes a warning.
public struct BeatAlignment: Sendable, Equatable {
  /// The transition's tracks, as indices of the plan's items.
  public var from: Int
  /// The incoming track's index among the plan's items; `from` is the outgoing one's.
  public var to: Int
  /// What the check found.
  public var state: State
  /// The beats of the overlap where both tracks have a clear onset, which the check is made on.
  public var clearBeats: Int
  /// On those beats, the median of the incoming track's onset minus the outgoing track's, in
  /// seconds (negative: the incoming beats come early); 0 when the join is not checkable.
  public var medianOffsetSeconds: Double
  /// The largest distance between the two onsets of a beat, in seconds.
  public var worstSeconds: Double
  /// How many of those beats have onsets more than `flamSeconds` apart.
  public var beatsApart: Int

  /// What a join's check found.
  public enum State: String, Sendable, Equatable {
    /// The beats met, within `warningSeconds` in the median.
    case aligned
    /// The beats were apart by more than `warningSeconds` in the median: the summary warns.
    case off
    /// Fewer than `leastClearBeats` beats have a clear onset in both tracks.
    case notCheckable = "not checkable"
  }

  /// The median distance over which two tracks' beats are heard apart: the summary warns.
  public static let warningSeconds = 0.010
  /// A beat whose two onsets are further apart than this is counted as apart (a flam).
  public static let flamSeconds = 0.020
  /// The fewest beats with a clear onset in both tracks a join is judged on.
  public static let leastClearBeats = 8
  /// A track's onset on a beat is clear when its strength (`OnsetStrength`) within a quarter beat
  /// of the beat is at least this many times the strongest onset between a quarter and three
  /// quarters of a beat after it (where an off-beat's onsets fall).
  public static let clearOnsetRatio: Float = 2

  /// The check of the onsets of `outgoing` and `incoming` (each a clip's part of the mix) on the
  /// outgoing track's beats `beats` (timeline frames), `period` frames apart, at `sampleRate`.
  static func measure(
    from: Int, to: Int, beats: [Double], outgoing: OnsetStrength, incoming: OnsetStrength, period: Double, sampleRate: Int
  ) -> BeatAlignment {
    let offsets = beats.compactMap { beat -> Double? in
      guard let theirs = outgoing.clearOnset(onBeat: beat, period: period, ratio: clearOnsetRatio),
        let ours = incoming.clearOnset(onBeat: beat, period: period, ratio: clearOnsetRatio)
      else { return nil }
      return (ours - theirs) / Double(sampleRate)
    }
    let distances = offsets.map(abs)
    let sorted = offsets.sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let state: State =
      offsets.count < leastClearBeats ? .notCheckable : abs(median) > warningSeconds ? .off : .aligned
    return BeatAlignment(
      from: from, to: to, state: state, clearBeats: offsets.count, medianOffsetSeconds: state == .notCheckable ? 0 : median,
      worstSeconds: distances.max() ?? 0, beatsApart: distances.filter { $0 > flamSeconds }.count)
  }

  /// True when the summary warns of the join.
  public var warns: Bool { state == .off }

  /// The check in words, for the summary; a warning when the beats are off.
  public func description(labels: (String, String)) -> String {
    let join = "\(labels.0) -> \(labels.1)"
    guard state != .notCheckable else {
      return "\(join): beats matched, not checkable: \(clearBeats) beats of the overlap have a clear onset in both tracks, "
        + "\(Self.leastClearBeats) are needed (an onset on the beat at least \(Int(Self.clearOnsetRatio)) times as strong as any off it)"
    }
    let figures = "the incoming track's onsets \(offset) in the median over \(clearBeats) clear beats, "
      + "\(beatsApart) of them more than \(Int(Self.flamSeconds * 1000)) ms apart"
    guard state == .off else { return "\(join): beats aligned: \(figures)" }
    return RenderReport.warningPrefix + "\(join): beats off: \(figures): over \(Int(Self.warningSeconds * 1000)) ms, a flam; "
      + "a grid may be off (give the entries 'bpm' and 'first-beat'), or the stretch smeared the incoming track's onsets"
  }

  /// The check in a few words, for a table: "aligned, 1.2 ms late", "off by 43.0 ms, early" or
  /// "not checkable".
  public var shortDescription: String {
    switch state {
    case .aligned: "aligned, \(offset)"
    case .off: "off by \(milliseconds), \(way)"
    case .notCheckable: "not checkable"
    }
  }

  /// The median offset in words: "1.2 ms late".
  private var offset: String { "\(milliseconds) \(way)" }
  private var milliseconds: String { String(format: "%.1f ms", abs(medianOffsetSeconds) * 1000) }
  private var way: String { medianOffsetSeconds < 0 ? "early" : "late" }
}

/// The beat-matched transitions' clips as the engine plays them in their overlaps (each clip's
/// own part of the mix, before the parts are summed), as energy envelopes, and the alignments they
/// give.
final class PlayedOverlaps: Sendable {
  /// One transition watched: its clips (indices in the timeline) and its overlap on the timeline.
  struct Watch: Sendable {
    var transition: ResolvedTransition
    var outgoingClip: Int
    var incomingClip: Int
    var overlap: Range<Int64>
    var period: Double
    /// The outgoing track's beats in the overlap, from where the incoming track's first downbeat
    /// meets one to a quarter beat before its end.
    var beats: [Double]
  }

  let watches: [Watch]
  private let sampleRate: Int
  /// Per clip: its envelope so far.
  private let heard: Mutex<[Int: EnergyEnvelope]> = Mutex([:])

  /// The envelopes' blocks: a millisecond or so.
  private var blockFrames: Int { max(1, sampleRate / 1000) }

  /// The watches of `plan`'s beat-matched transitions; nil when it has none.
  init?(plan: Plan) {
    let clips = plan.timeline.clips
    watches = plan.transitions.compactMap { transition in
      guard case .matched(let match) = transition.beatMatch,
        let incoming = clips.indices.filter({ clips[$0].item == transition.to && clips[$0].layer == .track }).min(by: { clips[$0].start < clips[$1].start }),
        let outgoing = clips.indices.last(where: { clips[$0].item == transition.from && clips[$0].layer == .track && clips[$0].end > clips[incoming].start })
      else { return nil }
      let overlap = clips[incoming].start..<clips[outgoing].end
      let period = 60 * Double(plan.timeline.sampleRate) / match.outgoingBPM
      // Beats whose quarter-beat windows end inside the overlap: the outgoing track's last kick may
      // be cut short by its end.
      let beats = Array(stride(from: Double(match.alignedAt), through: Double(overlap.upperBound) - period / 4, by: period))
      return Watch(transition: transition, outgoingClip: outgoing, incomingClip: incoming, overlap: overlap, period: period, beats: beats)
    }
    sampleRate = plan.timeline.sampleRate
    guard !watches.isEmpty else { return nil }
  }

  /// The part of clip `index`'s timeline frames that is watched; nil when it is not.
  func window(ofClip index: Int) -> Range<Int64>? {
    watches.first { $0.outgoingClip == index || $0.incomingClip == index }?.overlap
  }

  /// Hears `samples` of clip `index` (interleaved, `channels` channels) starting at timeline frame
  /// `start`, as the engine mixes them, in order.
  func hear(clip index: Int, _ samples: UnsafeBufferPointer<Float>, channels: Int, startingAt start: Int64) {
    var envelope = heard.withLock { $0.removeValue(forKey: index) } ?? EnergyEnvelope(blockFrames: blockFrames, startingAt: start)
    envelope.add(samples, channels: channels)
    heard.withLock { $0[index] = envelope }
  }

  /// The alignment of each watched transition whose both clips were heard.
  func alignments() -> [BeatAlignment] {
    let heard = heard.withLock { $0 }
    return watches.compactMap { watch in
      guard let outgoing = heard[watch.outgoingClip], let incoming = heard[watch.incomingClip] else { return nil }
      return BeatAlignment.measure(
        from: watch.transition.from, to: watch.transition.to, beats: watch.beats, outgoing: OnsetStrength(outgoing),
        incoming: OnsetStrength(incoming), period: watch.period, sampleRate: sampleRate)
    }
  }
}
