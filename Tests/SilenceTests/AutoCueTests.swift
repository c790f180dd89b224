import AudioTestSupport
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// `--auto-cue` on noise tracks with known endings: the cue points and overlaps land where the rules
/// put them, computed here from the tracks' envelopes alone, and `plan --json` says why.
@Suite("Automatic cue points")
struct AutoCueTests {
  static let rate = 44_100
  /// The analysis's loudness blocks: 10 ms.
  static let block = 441
  static let amplitude = 0.25

  /// A track as pieces of an amplitude envelope: (seconds, gain in dB at the start, at the end);
  /// nil gains are digital silence.
  typealias Piece = (seconds: Double, from: Double?, to: Double?)

  static let fadeOut: [Piece] = [(1.2345, nil, nil), (6.1031, 0, 0), (18.0, 0, -54), (1.5013, nil, nil)]
  static let hardStop: [Piece] = [(0.8123, nil, nil), (12.3077, 0, 0), (1.7019, nil, nil)]
  static let hidden: [Piece] = [(0.5107, nil, nil), (4.9231, 0, 0), (20.3011, nil, nil), (2.1087, 0, 0), (0.4003, nil, nil)]

  /// Each frame's amplitude.
  static func envelope(_ pieces: [Piece]) -> [Double] {
    pieces.flatMap { piece -> [Double] in
      let count = Int(piece.seconds * Double(rate))
      guard let from = piece.from, let to = piece.to else { return [Double](repeating: 0, count: count) }
      return (0..<count).map { amplitude * pow(10, (from + (to - from) * Double($0) / Double(count)) / 20) }
    }
  }

  /// White noise under the envelope, stereo, on the 16-bit grid.
  static func samples(_ envelope: [Double], seed: UInt64) -> [Float] {
    var random = SeededRandom(seed: seed)
    return envelope.flatMap { gain in [Signal.quantized16(gain * random.nextSigned()), Signal.quantized16(gain * random.nextSigned())] }
  }

  /// Where the rules put a track's points, from its envelope: loudness relative to the noise's own
  /// (the K-weighting of stationary noise is a constant that cancels out).
  struct Expected {
    var cueIn: Int
    var cueOut: Int
    var fall: Int

    init(_ envelope: [Double], cueLevel: Double = -42, overlapLevel: Double = -8) {
      let power = envelope.map { $0 * $0 }
      let (block, rate) = (AutoCueTests.block, AutoCueTests.rate)
      let blocks = stride(from: 0, to: power.count - block + 1, by: block).map { start in power[start..<(start + block)].reduce(0, +) / Double(block) }
      // BS.1770 gating over 400 ms blocks every 100 ms: silence out, then 10 LU under the mean.
      let gating = stride(from: 0, to: blocks.count - 39, by: 10).map { blocks[$0..<($0 + 40)].reduce(0, +) / 40 }.filter { $0 > 0 }
      let mean = gating.reduce(0, +) / Double(gating.count)
      let gated = gating.filter { 10 * log10($0) > 10 * log10(mean) - 10 }
      let integrated = 10 * log10(gated.reduce(0, +) / Double(gated.count))
      // A 400 ms window by its first block; blocks outside the track are silence.
      func window(_ first: Int) -> Double {
        let sum = (first..<(first + 40)).reduce(0.0) { $0 + ($1 >= 0 && $1 < blocks.count ? blocks[$1] : 0) }
        return sum > 0 ? 10 * log10(sum / 40) : -.infinity
      }
      let firsts = Array(-39..<blocks.count)
      let audible = firsts.filter { window($0) >= integrated + cueLevel }
      // The main body ends before a silence of 10 s or more.
      var last = audible[0]
      for next in audible.dropFirst() {
        if (next + 39 - (last + 1)) * block >= 10 * rate { break }
        last = next
      }
      cueIn = max(0, (audible[0] + 39) * block)
      cueOut = (last + 1) * block
      let loudLast = firsts.last { $0 <= last && window($0) > integrated + overlapLevel }!
      fall = cueOut - (loudLast + 1) * block
    }
  }

  @Test func pointsLandWhereTheRulesPutThemAndThePlanSaysWhy() throws {
    let folder = TemporaryFolder("segue-auto-cue")
    let tracks = [Self.fadeOut, Self.hardStop, Self.hidden].map(Self.envelope)
    var inputs: [InputSource] = []
    for (index, envelope) in tracks.enumerated() {
      let path = folder.file("track\(index + 1).wav")
      try AudioFile.write(
        Self.samples(envelope, seed: UInt64(index + 3)), layout: PCMLayout(sampleRate: Self.rate, channelCount: 2), to: path,
        options: OutputOptions(bitDepth: 16))
      inputs.append(InputSource(path: path))
    }
    let request = RenderRequest(
      inputs: inputs, outputPath: folder.file("mix.flac"), mix: MixOptions(silence: SilenceSettings(autoCue: true)))
    let mix = try Renderer.plan(request)
    let tolerance = Self.rate / 20
    let clips = mix.plan.timeline.clips
    for (index, envelope) in tracks.enumerated() {
      let expected = Expected(envelope)
      let edit = try #require(mix.edits[index])
      #expect(abs(Int(edit.inPoint) - expected.cueIn) <= tolerance, "track \(index + 1): cue-in \(edit.inPoint), the rules \(expected.cueIn)")
      #expect(abs(Int(edit.outPoint) - expected.cueOut) <= tolerance, "track \(index + 1): cue-out \(edit.outPoint), the rules \(expected.cueOut)")
      guard index + 1 < tracks.count else { continue }
      // With no crossfade given the audio sets the overlap: the fall, at most 10 s (a hard ending's, under 0.5 s, at most 1 s).
      let overlap = min(expected.fall, 10 * Self.rate)
      let planned = Int(clips[index].end - clips[index + 1].start)
      #expect(abs(planned - overlap) <= tolerance, "track \(index + 1): the next starts \(planned) frames before its end, the rules say \(overlap)")
    }
    #expect(Expected(tracks[0]).fall > 10 * Self.rate, "the fade-out falls for over 10 s, so --max-overlap caps it")
    #expect(Expected(tracks[1]).fall < Self.rate / 2, "the hard stop falls in under 0.5 s")
    #expect(clips[2].duration < 6 * Self.rate, "the hidden part after 20 s of silence is played")

    let json = PlanReport(mix).json()
    for phrase in ["where it rises above", "at most --max-overlap", "hard ending", "a hidden part after"] {
      #expect(json.contains(phrase), "plan --json does not say '\(phrase)'")
    }
  }
}
