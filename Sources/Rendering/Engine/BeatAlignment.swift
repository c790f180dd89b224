import Analysis
import Composition
import Foundation
import Synchronization

/// How closely two beat-matched tracks' kicks met in their overlap, as the engine played them: a
/// self-check of every beat-matched render.
public struct BeatAlignment: Sendable, Equatable {
  /// The transition's tracks, as indices of the plan's items.
  public var from: Int
  public var to: Int
  /// The beats of the overlap where both tracks have a hit within 20 dB of the other's (`measure`).
  public var beats: Int
  /// How far apart those hits were, at worst and in the median, in seconds (0 without any).
  public var worstSeconds: Double
  public var medianSeconds: Double

  /// Hits further apart than this are heard as flams: the render's summary warns.
  public static let warningSeconds = 0.010

  /// The alignment of the hits of `outgoing` and `incoming` (each a clip's part of the mix) on
  /// the outgoing track's beats `beats` (timeline frames), `period` frames apart, at `sampleRate`:
  /// over the beats where both have a hit (`EnergyEnvelope.hit(near:reach:)`, a quarter beat
  /// either side), the two within 20 dB of each other (a flam under a hit 20 dB louder is not heard).
  static func measure(
    from: Int, to: Int, beats: [Double], outgoing: EnergyEnvelope, incoming: EnergyEnvelope, period: Double, sampleRate: Int
  ) -> BeatAlignment {
    let distances = beats.compactMap { beat -> Double? in
      guard let theirs = outgoing.hit(near: beat, reach: period / 4), let ours = incoming.hit(near: beat, reach: period / 4),
        min(theirs.energy, ours.energy) >= max(theirs.energy, ours.energy) / audibleRatio
      else { return nil }
      return abs(ours.frame - theirs.frame)
    }.sorted()
    let seconds = { (frames: Double) in frames / Double(sampleRate) }
    return BeatAlignment(
      from: from, to: to, beats: distances.count, worstSeconds: seconds(distances.last ?? 0),
      medianSeconds: seconds(distances.isEmpty ? 0 : distances[distances.count / 2]))
  }

  /// How much more energy one hit may have than the other for the flam to be heard: 20 dB.
  static let audibleRatio: Float = 100

  /// The alignment in words, for the summary; a warning over `warningSeconds`.
  public func description(labels: (String, String)) -> String {
    guard beats > 0 else { return "\(labels.0) -> \(labels.1): beats matched, but no beat of the overlap has hits of both to check them by" }
    let figures = String(format: "%.1f ms at worst, %.1f ms in the median, over %d beats", worstSeconds * 1000, medianSeconds * 1000, beats)
    guard worstSeconds > Self.warningSeconds else { return "\(labels.0) -> \(labels.1): the hits on the beat met within \(figures)" }
    return "warning: \(labels.0) -> \(labels.1): the hits on the beat met \(figures): over \(Int(Self.warningSeconds * 1000)) ms, a flam; "
      + "a grid may be off (give the entries 'bpm' and 'first-beat'), or the stretch smeared the incoming track's kicks"
  }
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
        from: watch.transition.from, to: watch.transition.to, beats: watch.beats, outgoing: outgoing, incoming: incoming,
        period: watch.period, sampleRate: sampleRate)
    }
  }
}
