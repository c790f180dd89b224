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
  /// The beats of the overlap where both tracks have a kick (`kicks(_:on:period:)`).
  public var beats: Int
  /// How far apart those hits were, at worst and in the median, in seconds (0 without any).
  public var worstSeconds: Double
  public var medianSeconds: Double

  /// Hits further apart than this are heard as flams: the render's summary warns.
  public static let warningSeconds = 0.010

  /// The alignment of the onsets `outgoing` and `incoming` (at timeline frames, with their
  /// accents) on the outgoing track's beats `beats`, `period` frames apart, at `sampleRate`.
  static func measure(
    from: Int, to: Int, beats: [Double], outgoing: [OnsetFinder.Onset], incoming: [OnsetFinder.Onset], period: Double, sampleRate: Int
  ) -> BeatAlignment {
    let (theirs, ours) = (kicks(outgoing, on: beats, period: period), kicks(incoming, on: beats, period: period))
    let distances = zip(theirs, ours).compactMap { pair in pair.0.flatMap { a in pair.1.map { abs(a - $0) } } }.sorted()
    let seconds = { (frames: Double) in frames / Double(sampleRate) }
    return BeatAlignment(
      from: from, to: to, beats: distances.count, worstSeconds: seconds(distances.last ?? 0),
      medianSeconds: seconds(distances.isEmpty ? 0 : distances[distances.count / 2]))
  }

  /// Each beat's kick among `onsets`, nil where it has none: of the onsets within a quarter beat
  /// of it that are no more than 6 dB under the median of the beats' hardest hits (leaving out a
  /// reverb's tail or a bass note's swell), the nearest.
  private static func kicks(_ onsets: [OnsetFinder.Onset], on beats: [Double], period: Double) -> [Double?] {
    let near = beats.map { beat in onsets.filter { abs($0.frame - beat) <= period / 4 } }
    let hardest = near.compactMap { $0.map(\.accent).max() }.sorted()
    guard !hardest.isEmpty else { return beats.map { _ in nil } }
    let floor = hardest[hardest.count / 2] / 4
    return zip(beats, near).map { beat, near in near.filter { $0.accent >= floor }.min { abs($0.frame - beat) < abs($1.frame - beat) }?.frame }
  }

  /// The alignment in words, for the summary; a warning over `warningSeconds`.
  public func description(labels: (String, String)) -> String {
    guard beats > 0 else { return "\(labels.0) -> \(labels.1): beats matched, but no beat of the overlap has hits of both to check them by" }
    let figures = String(format: "%.1f ms at worst, %.1f ms in the median, over %d beats", worstSeconds * 1000, medianSeconds * 1000, beats)
    guard worstSeconds > Self.warningSeconds else { return "\(labels.0) -> \(labels.1): the hits on the beat met within \(figures)" }
    return "warning: \(labels.0) -> \(labels.1): the hits on the beat met \(figures): over \(Int(Self.warningSeconds * 1000)) ms, a flam; "
      + "a grid may be off (give the entries 'bpm' and 'first-beat'), or the stretch smeared the incoming track's kicks"
  }
}

/// The onsets of the beat-matched transitions' clips in their overlaps, found while the engine
/// plays them, before they are mixed, and the alignments they give. An onset is timed in the full
/// band (where a stretched kick's attack stays sharp; under 150 Hz the stretch smears it over 20
/// ms) and weighed by its body under `kickBand` hertz (where a limited master's hats and claps,
/// as loud as its kicks in the full band, have none).
final class PlayedOnsets: Sendable {
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
  /// Per clip: its onsets so far (frames from `firstFrame`), and the timeline frame of the first
  /// sample heard.
  private let found: Mutex<[Int: Heard]> = Mutex([:])

  /// What one clip has been heard to play, from its first frame heard: its onsets, and the energy
  /// of its kick band in blocks of `blockFrames`.
  private struct Heard: Sendable {
    var lowPass: LowBandFilter
    var finder: OnsetFinder
    var firstFrame: Int64
    var lowEnergy: [Float] = []
    var pending: (sum: Float, frames: Int) = (0, 0)
  }

  /// The kick band's energy is kept per millisecond or so.
  private var blockFrames: Int { max(1, sampleRate / 1000) }

  /// The kicks' band: under 150 Hz.
  static let kickBand = 150.0

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

  /// Hears `frames` frames of clip `index` starting at timeline frame `start` (interleaved,
  /// `channels` channels), as the engine plays them, in order.
  func hear(clip index: Int, _ samples: UnsafeBufferPointer<Float>, channels: Int, startingAt start: Int64) {
    var heard = found.withLock { $0.removeValue(forKey: index) }
      ?? Heard(lowPass: LowBandFilter(sampleRate: sampleRate, channels: channels, frequency: Self.kickBand), finder: OnsetFinder(sampleRate: sampleRate), firstFrame: start)
    heard.finder.add(interleaved: samples, channels: channels)
    var bands = [Float](repeating: 0, count: 2 * channels)
    bands.withUnsafeMutableBufferPointer { bands in
      for frame in 0..<(samples.count / channels) {
        heard.lowPass.split(samples.baseAddress! + frame * channels, low: bands.baseAddress!, high: bands.baseAddress! + channels)
        heard.pending.sum += (0..<channels).reduce(0) { $0 + bands[$1] * bands[$1] }
        heard.pending.frames += 1
        if heard.pending.frames == blockFrames {
          heard.lowEnergy.append(heard.pending.sum / Float(blockFrames * channels))
          heard.pending = (0, 0)
        }
      }
    }
    found.withLock { $0[index] = heard }
  }

  /// The alignment of each watched transition whose both clips were heard.
  func alignments() -> [BeatAlignment] {
    let heard = found.withLock { $0 }
    return watches.compactMap { watch in
      guard let outgoing = heard[watch.outgoingClip], let incoming = heard[watch.incomingClip] else { return nil }
      // Each onset on the timeline, weighed by the kick band's loudest block in the 30 ms after.
      let span = max(1, 3 * sampleRate / (100 * blockFrames))
      let onTimeline = { (heard: Heard) in
        heard.finder.onsets.map { onset in
          let first = min(heard.lowEnergy.count, Int(onset.frame) / self.blockFrames)
          let body = heard.lowEnergy[first..<min(heard.lowEnergy.count, first + span)].max() ?? 0
          return OnsetFinder.Onset(frame: onset.frame + Double(heard.firstFrame), accent: body)
        }
      }
      return BeatAlignment.measure(
        from: watch.transition.from, to: watch.transition.to, beats: watch.beats, outgoing: onTimeline(outgoing), incoming: onTimeline(incoming),
        period: watch.period,
        sampleRate: sampleRate)
    }
  }
}
