import AudioTestSupport
import Composition
import Foundation
import Playlists
import Rendering
import Testing

/// Beat-matched renders of the test set's sure pairs: the hits of the two tracks meet on every beat
/// of the overlap, measured on the output, and the render's own self-check says the same.
@Suite struct BeatAlignmentTests {
  static let rate = 44100

  /// Renders the overlap of `from` into `to` (test set names) beat-matched over 8 bars, and again
  /// once with each track muted, and returns the mix's self-check and, measured on the two outputs by a
  /// detector of the test's own, how far apart the two tracks' kicks are on each of the outgoing
  /// track's beats in the overlap where both have a hit, the two hits within 20 dB of each other, sorted.
  static func render(_ from: String, _ to: String) throws -> (BeatAlignment, distances: [Double]) {
    let paths = [try TempoRangeAndSureTests.path(from), try TempoRangeAndSureTests.path(to)]
    let folder = TemporaryFolder("segue-alignment")
    var mix = MixOptions()
    mix.crossfadeBeats = 32
    mix.beatMatching.enabled = true
    func request(_ gains: [Double?], _ name: String) -> RenderRequest {
      let inputs = zip(paths, gains).map { path, gain in
        var options = EntryOptions()
        options.gainDB = gain
        return InputSource(path: path, options: options)
      }
      return RenderRequest(
        inputs: inputs, outputPath: folder.file("\(name).wav"), output: OutputOptions(bitDepth: 32, sampleRate: rate), mix: mix,
        cache: TempoTestSet.cache)
    }
    let plan = try Renderer.plan(request([nil, nil], "plan")).plan
    guard case .matched(let match) = plan.transitions.first?.beatMatch else { throw Failure("\(from) -> \(to) was not matched") }
    let clips: [Clip] = plan.timeline.clips.filter { $0.layer == Clip.Layer.track }
    let incomingStart: Int64 = clips.filter { $0.item == 1 }.map { $0.start }.min()!
    let outgoingEnd: Int64 = clips.filter { $0.item == 0 }.map { $0.end }.max()!
    // From a second or so before the overlap (so the detector hears what comes before its first
    // hit), on a whole block of the timeline.
    let start = (incomingStart - Int64(rate)) / Int64(blockFrames) * Int64(blockFrames)
    let range = TimeRange(from: Double(start) / Double(rate), to: Double(outgoingEnd) / Double(rate) + 0.5)
    func rendered(_ gains: [Double?], _ name: String) throws -> (RenderRequest, RenderReport) {
      var part = request(gains, name)
      part.range = range
      return (part, try Renderer.render(part))
    }
    let alignment = try rendered([nil, nil], "mix").1.beatAlignments.first
    let envelopes = try [([nil, -96.0], "outgoing"), ([-96.0, nil], "incoming")].map { gains, name in
      Self.envelope(try FFmpegCLI.decodeFloat(try rendered(gains, name).0.outputPath))
    }
    let period = 60 * Double(rate) / match.outgoingBPM
    let beats = stride(from: Double(match.alignedAt), through: Double(outgoingEnd) - period / 4, by: period)
    let distances = beats.compactMap { beat -> Double? in
      guard let theirs = kick(envelopes[0], near: beat - Double(start), reach: period / 4),
        let ours = kick(envelopes[1], near: beat - Double(start), reach: period / 4),
        min(theirs.energy, ours.energy) >= max(theirs.energy, ours.energy) / 100
      else { return nil }
      return abs(ours.frame - theirs.frame) / Double(rate)
    }
    return (try #require(alignment), distances.sorted())
  }

  /// The envelope's blocks: a millisecond or so.
  static let blockFrames = rate / 1000

  /// The mean energy of each block of interleaved stereo `samples`.
  static func envelope(_ samples: [Float]) -> [Double] {
    let block = 2 * blockFrames
    return stride(from: 0, to: samples.count - block + 1, by: block).map { first in
      samples[first..<(first + block)].reduce(0) { $0 + Double($1) * Double($1) } / Double(block)
    }
  }

  /// The kick within `reach` frames of `frame` (frames from the envelope's start): where the
  /// loudest block there rises 6 dB over the quietest, the frame where the energy first comes
  /// within 6 dB of that loudest (between block centres, linearly), and the loudest energy.
  static func kick(_ envelope: [Double], near frame: Double, reach: Double) -> (frame: Double, energy: Double)? {
    let first = max(0, Int(((frame - reach) / Double(blockFrames)).rounded(.up)))
    let window = first..<min(envelope.count, Int(((frame + reach) / Double(blockFrames)).rounded(.up)))
    guard let loudest = envelope[window].max(), let quietest = envelope[window].min(), loudest > 0, loudest >= 4 * quietest,
      let index = window.first(where: { envelope[$0] >= loudest / 4 })
    else { return nil }
    let centre = { (block: Double) in (block + 0.5) * Double(blockFrames) }
    guard index > window.lowerBound else { return (centre(Double(index)), loudest) }
    let before = envelope[index - 1]
    return (centre(Double(index - 1) + (loudest / 4 - before) / (envelope[index] - before)), loudest)
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Straight pairs, one made shorter (Rubber Band's standard window) and one made longer (its
  /// short window): every kick of the overlap within 5 ms of the other track's; the self-check
  /// finds the beats aligned, its median within the same 5 ms.
  @Test(arguments: [("house", "house-48k-aac"), ("electro-mp3", "techno-48k")])
  func everyKickOfAStraightPairMeets(from: String, to: String) throws {
    let (alignment, distances) = try Self.render(from, to)
    try #require(distances.count >= 24, "\(distances.count) beats with kicks of both")
    let detail = "\(from) -> \(to): \(distances.map { Int($0 * 10000) }) (tenths of a ms)"
    let worst = distances.last!
    #expect(worst <= 0.005, "worst \(worst * 1000) ms; \(detail)")
    #expect(alignment.state == .aligned && abs(alignment.medianOffsetSeconds) <= 0.005, "\(alignment)")
  }

  @Test func aHumanizedPairMeetsInTheMedian() throws {
    let (alignment, distances) = try Self.render("disco-humanized", "house")
    try #require(distances.count >= 24, "\(distances.count) beats with kicks of both")
    let median = distances[distances.count / 2]
    #expect(median <= 0.005, "median \(median * 1000) ms")
    #expect(alignment.state == .aligned && abs(alignment.medianOffsetSeconds) <= 0.005, "\(alignment)")
  }
}
