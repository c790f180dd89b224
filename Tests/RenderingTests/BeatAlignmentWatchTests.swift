import Foundation
import Testing

@testable import Composition
@testable import Rendering

/// The beat-alignment watch of a beat-matched overlap: it hands the mixer exactly what the clip
/// plays, hears the clip only inside the overlap, and the kicks it hears give the beat check.
@Suite struct BeatAlignmentWatchTests {
  static let rate = 44100
  /// 120 BPM: a beat every half second.
  static let period = rate / 2

  /// Two 12 s clips overlapping from 6 s to 12 s, beat-matched with their downbeats meeting at 6 s.
  static let overlaps: PlayedOverlaps = {
    let clips = [Clip(source: 0, start: 0, duration: Int64(12 * rate)), Clip(source: 1, start: Int64(6 * rate), duration: Int64(12 * rate))]
    let match = BeatMatch(
      outgoingBPM: 120, incomingBPM: 120, lengthRatio: 1, method: .varispeed, methodReason: "", alignedAt: Int64(6 * rate), beatsPerBeat: 1,
      rampBars: nil, inPointMoved: 0)
    let transition = ResolvedTransition(from: 0, to: 1, transition: .gapless, beatMatch: .matched(match))
    return PlayedOverlaps(plan: Plan(timeline: Timeline(sampleRate: rate, clips: clips), transitions: [transition]))!
  }()

  /// Stereo kicks on every beat of a clip starting at timeline frame `start`, `late` frames after
  /// the beat: a 60 Hz burst at 0.8 decaying over 50 ms, on quiet 1 kHz.
  static func kicks(clipStart start: Int, late: Int) -> [Float] {
    (0..<(12 * rate)).flatMap { frame -> [Float] in
      let sinceBeat = (start + frame - late) % period
      let time = Double(sinceBeat) / Double(rate)
      let value = Float(0.8 * exp(-time / 0.05) * sin(2 * Double.pi * 60 * time) + 0.01 * sin(2 * Double.pi * 1000 * Double(frame) / Double(rate)))
      return [value, value]
    }
  }

  /// Plays `samples` (clip `index`, from timeline frame `start`) through its watch in blocks of
  /// 1000 frames, adding each into a target holding 1; returns the target and the frames played
  /// into it directly.
  static func play(_ samples: [Float], clip index: Int, start: Int) throws -> (target: [Float], direct: Int) {
    let watch = try #require(BeatAlignmentWatch(overlaps: overlaps, clip: index))
    var target = [Float](repeating: 1, count: samples.count)
    var direct = 0
    samples.withUnsafeBufferPointer { samples in
      target.withUnsafeMutableBufferPointer { target in
        for first in stride(from: 0, to: samples.count / 2, by: 1000) {
          let count = min(1000, samples.count / 2 - first)
          let destination = target.baseAddress! + 2 * first
          watch.mix(frames: count, channels: 2, at: Int64(start + first), into: destination, replacing: false) { into, replacing in
            if into == destination { direct += count }
            into.mix(samples.baseAddress! + 2 * first, samples: 2 * count, gain: 1, replacing: replacing)
          }
        }
      }
    }
    return (target, direct)
  }

  @Test func aClipOutsideTheOverlapsHasNoWatch() {
    #expect(BeatAlignmentWatch(overlaps: Self.overlaps, clip: 2) == nil)
  }

  @Test func theMixerGetsWhatTheClipPlaysAndTheWatchHearsTheOverlapAndGivesTheKicksDistance() throws {
    // The incoming track's kicks 2 ms (88 frames) after the outgoing track's.
    let outgoing = Self.kicks(clipStart: 0, late: 0)
    let incoming = Self.kicks(clipStart: 6 * Self.rate, late: 88)
    let played = try Self.play(outgoing, clip: 0, start: 0)
    #expect(played.target == outgoing.map { 1 + $0 })
    // The blocks that end by 6 s are played straight into the target; the rest are heard.
    #expect(played.direct == 6 * Self.rate / 1000 * 1000)
    #expect(try Self.play(incoming, clip: 1, start: 6 * Self.rate).target == incoming.map { 1 + $0 })
    let alignment = try #require(Self.overlaps.alignments().first)
    #expect((alignment.from, alignment.to) == (0, 1))
    // Beats at 6 s to 11.5 s: the overlap's 12 but its first, which falls before the watch has
    // heard the 15 ms an onset's strength needs.
    #expect(alignment.clearBeats == 11 && alignment.state == .aligned, "\(alignment)")
    #expect(abs(alignment.worstSeconds - 0.002) < 0.0015 && abs(alignment.medianOffsetSeconds - 0.002) < 0.0015, "\(alignment)")
  }
}
