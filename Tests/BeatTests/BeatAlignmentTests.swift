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

  /// Renders the overlap of `from` into `to` (test set names) beat-matched over 8 bars, once with
  /// each track muted, and returns the render's self-check and, measured on the two outputs by an
  /// independent detector, how far apart the tracks' hardest hits are on each of the outgoing
  /// track's beats in the overlap (from where the incoming track's fade is within 20 dB of full
  /// level), sorted.
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
    let seconds = { (frame: Int64) -> Double in Double(frame) / Double(rate) }
    // From a second before the overlap, so the detector hears what comes before its first hit.
    let start = seconds(incomingStart) - 1
    var alignment: BeatAlignment?
    var hits: [[(seconds: Double, energy: Double)]] = []
    for (gains, name) in [([nil, -96.0], "outgoing"), ([-96.0, nil], "incoming")] as [([Double?], String)] {
      var part = request(gains, name)
      part.range = TimeRange(from: start, to: seconds(outgoingEnd) + 0.5)
      let report = try Renderer.render(part)
      alignment = report.beatAlignments.first
      // The kicks: the onsets under 150 Hz (the ffmpeg CLI's low-pass, twice).
      let kicks = try FFmpegCLI.decodeFloat(part.outputPath, filter: "lowpass=f=150,lowpass=f=150")
      hits.append(ClickOnsets.hits(kicks, channels: 2, sampleRate: rate).map { ($0.seconds + start, $0.energy) })
    }
    let period = 60 / match.outgoingBPM
    let audible = seconds(incomingStart) + 2 * asin(0.1) / Double.pi * seconds(outgoingEnd - incomingStart)
    let beats = stride(from: seconds(match.alignedAt), to: seconds(outgoingEnd), by: period).filter { $0 >= audible }
    let hardest = { (hits: [(seconds: Double, energy: Double)], beat: Double) in
      hits.filter { abs($0.seconds - beat) <= period / 4 }.max { $0.energy < $1.energy }?.seconds
    }
    let distances = beats.compactMap { beat in hardest(hits[0], beat).flatMap { theirs in hardest(hits[1], beat).map { abs($0 - theirs) } } }
    return (try #require(alignment), distances.sorted())
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Straight pairs: the median beat meets within 3 ms, and the self-check's median is within
  /// 3 ms of this test's; a self-check over 10 ms warns. (Not every kick within 5 ms, nor the
  /// figures within 1 ms, as issue 29 asks: on up to a third of the beats of a stretched 48 kHz
  /// track both detectors find its kick 7 to 80 ms off, or none; the issue stays open on that.)
  @Test(arguments: [("house", "house-48k-aac"), ("electro-mp3", "techno-48k")])
  func theKicksOfAStraightPairMeet(from: String, to: String) throws {
    let (alignment, distances) = try Self.render(from, to)
    try #require(distances.count >= 24, "\(distances.count) beats with hits of both")
    let median = distances[distances.count / 2]
    #expect(median <= 0.003, "\(from) -> \(to): median \(median * 1000) ms (\(distances.map { Int($0 * 10000) }))")
    let warned = alignment.description(labels: (from, to)).hasPrefix("warning:")
    #expect(warned == (alignment.worstSeconds > BeatAlignment.warningSeconds))
    #expect(alignment.beats >= 24)
    #expect(abs(alignment.medianSeconds - median) <= 0.003, "self-check \(alignment.medianSeconds * 1000) ms, measured \(median * 1000) ms")
  }

  @Test func aHumanizedPairMeetsInTheMedian() throws {
    let (alignment, distances) = try Self.render("disco-humanized", "house")
    try #require(distances.count >= 24, "\(distances.count) beats with hits of both")
    let median = distances[distances.count / 2]
    #expect(median <= 0.005, "median \(median * 1000) ms")
    #expect(abs(alignment.medianSeconds - median) <= 0.001, "self-check \(alignment.medianSeconds * 1000) ms, measured \(median * 1000) ms")
  }
}
