import Analysis
import Composition
import AudioTestSupport
import Foundation
import Testing

@Suite struct BeatTrackerTests {
  /// The tempo analysis of interleaved stereo `samples`, fed in blocks of odd sizes.
  static func analyse(_ samples: [Float], sampleRate: Int = 44100) throws -> TempoAnalysis {
    let tracker = try #require(MusicAnalyzer(sampleRate: sampleRate, channelCount: 2, tempo: true, key: false))
    var random = SeededRandom(seed: 3)
    samples.withUnsafeBufferPointer { all in
      var frame = 0
      let frames = all.count / 2
      while frame < frames {
        let count = min(frames - frame, 500 + Int(random.next() % 3000))
        tracker.add(UnsafeBufferPointer(rebasing: all[(frame * 2)..<((frame + count) * 2)]))
        frame += count
      }
    }
    return try #require(tracker.finish().tempo)
  }

  @Test(arguments: [(120.0, 0.0), (124.0, 0.3137), (128.0, 1.0571)])
  func findsTempoBeatsAndDownbeats(bpm: Double, firstBeat: Double) throws {
    let track = BeatTrack(beatsPerMinute: bpm, firstBeat: firstBeat, seconds: 61.3)
    let analysis = try Self.analyse(track.samples)
    let grid = try #require(analysis.grid, "no grid; confidence \(analysis.confidence)")
    #expect(abs(grid.beatsPerMinute(sampleRate: 44100) - bpm) <= 0.05)
    #expect(analysis.confidence >= 0.9)
    var worst = 0.0
    for (index, truth) in track.beatFrames.enumerated() {
      let found = grid.beat(grid.nearestBeat(to: truth))
      worst = max(worst, abs(found - truth) / 44.1)
      if index % 4 == 0 { #expect(grid.isDownbeat(grid.nearestBeat(to: truth)), "beat \(index) is a downbeat") }
    }
    #expect(worst <= 5, "worst beat \(worst) ms from the kick")
    print("BPM \(bpm): found \(grid.beatsPerMinute(sampleRate: 44100)), worst beat \(worst) ms, confidence \(analysis.confidence)")
  }

  @Test func aBeatOverAMusicBedIsFoundOnItsOwnPhase() throws {
    // Over swelling tones and brown noise aubio's beats sat on the off-beats, and a grid seeded on
    // them found half the kicks (confidence 0.4 to 0.9).
    var track = BeatTrack(beatsPerMinute: 120.5, firstBeat: 0.3603, seconds: 93.7)
    track.bedAmplitude = 0.12
    let analysis = try Self.analyse(track.samples)
    let grid = try #require(analysis.grid, "no grid; confidence \(analysis.confidence)")
    // Every beat has its kick (the bed's flutter moves a few of them by a millisecond or two,
    // which the confidence counts).
    #expect(analysis.confidence >= 0.9)
    #expect(abs(grid.beatsPerMinute(sampleRate: 44100) - 120.5) <= 0.05)
    let worst = track.beatFrames.map { abs(grid.beat(grid.nearestBeat(to: $0)) - $0) / 44.1 }.max()!
    #expect(worst <= 5, "worst beat \(worst) ms from the kick")
  }

  @Test func beatlessNoiseHasNoGrid() throws {
    var random = SeededRandom(seed: 5)
    // A noise pad that swells and fades slowly: no attack anywhere.
    let frames = 44100 * 40
    let samples: [Float] = (0..<frames).flatMap { frame -> [Float] in
      let swell = 0.2 + 0.1 * sin(Double(frame) / 44100 * 0.7)
      let value = Float(swell * random.nextSigned())
      return [value, value]
    }
    let analysis = try Self.analyse(samples)
    #expect(analysis.grid == nil)
    #expect(!analysis.isSure && analysis.confidence < BeatGrid.sureConfidence)
  }
}
