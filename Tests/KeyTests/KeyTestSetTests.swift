import Analysis
import FFmpegAudio
import Rendering
import Synchronization
import AudioTestSupport
import Composition
import Foundation
import Testing

/// The key detector on the test set: 48 synthesized tracks covering all 24 keys.
@Suite struct KeyTestSetTests {
  /// The key `samples` (interleaved stereo) are detected in.
  static func detect(_ samples: [Float], sampleRate: Int) throws -> KeyAnalysis {
    let analyzer = try #require(MusicAnalyzer(sampleRate: sampleRate, channelCount: 2, tempo: false, key: true))
    samples.withUnsafeBufferPointer { all in
      var start = 0
      while start < all.count {
        let end = min(all.count, start + 2 * 4_093)
        analyzer.add(UnsafeBufferPointer(rebasing: all[start..<end]))
        start = end
      }
    }
    return try #require(analyzer.finish().key)
  }

  /// MIREX's weighted score of `found` against `truth`: 1 exact, 0.5 a fifth away in the same mode,
  /// 0.3 the relative key, 0.2 the parallel key, 0 otherwise.
  static func weightedScore(_ found: MusicalKey, truth: MusicalKey) -> Double {
    if found == truth { return 1 }
    if found.mode == truth.mode, [5, 7].contains((found.tonic - truth.tonic + 12) % 12) { return 0.5 }
    if found.mode != truth.mode, found.camelotNumber == truth.camelotNumber { return 0.3 }
    if found.mode != truth.mode, found.tonic == truth.tonic { return 0.2 }
    return 0
  }

  /// Every track's key found, the exact share at least 85 % and the weighted score at least
  /// 0.90 (issue 33); a table of what was found is printed.
  @Test func findsTheKeysOfTheTestSet() throws {
    let tracks = KeyTestSet.tracks
    #expect(tracks.count >= 48 && Set(tracks.map { "\($0.label.tonic) \($0.label.minor)" }).count == 24, "all 24 keys")
    let found = Mutex([KeyAnalysis?](repeating: nil, count: tracks.count))
    DispatchQueue.concurrentPerform(iterations: tracks.count) { index in
      let key = try? Self.detect(tracks[index].samples, sampleRate: tracks[index].sampleRate)
      found.withLock { $0[index] = key }
    }
    var (exact, weighted) = (0, 0.0)
    for (track, analysis) in zip(tracks, found.withLock { $0 }) {
      let truth = MusicalKey(tonic: track.label.tonic, mode: track.label.minor ? .minor : .major)
      let key = try #require(analysis?.key, "\(track.name): no key")
      let score = Self.weightedScore(key, truth: truth)
      (exact, weighted) = (exact + (key == truth ? 1 : 0), weighted + score)
      print(String(format: "key set: %@ -> %@ (%@, confidence %.2f, tuning %+.0f cents) %@", track.name, key.name, key.camelot,
                   analysis?.confidence ?? 0, analysis?.tuningCents ?? 0, score == 1 ? "" : "score \(score)"))
    }
    let share = Double(exact) / Double(tracks.count)
    print(String(format: "key set: %d of %d exact (%.1f %%), weighted score %.3f", exact, tracks.count, share * 100, weighted / Double(tracks.count)))
    #expect(share >= 0.85 && weighted / Double(tracks.count) >= 0.90)
  }

  /// A drum track, a detuned one and one that borrows a chord give the same key at 44.1 and
  /// 48 kHz and through MP3, read from files by the analysis pass.
  @Test(arguments: [0, 18, 29])
  func theKeyHoldsAcrossRatesAndMP3(index: Int) throws {
    let track = KeyTestSet.tracks[index]
    let folder = TemporaryFolder("segue-key-rates")
    var paths: [String] = []
    for (rate, name, options) in [(44_100, "a.flac", OutputOptions(bitDepth: 16)), (48_000, "b.flac", OutputOptions(bitDepth: 24)),
                                  (44_100, "c.mp3", OutputOptions(bitRate: 192_000))] {
      paths.append(folder.file(name))
      try AudioFile.write(track.samples(sampleRate: rate), layout: PCMLayout(sampleRate: rate, channelCount: 2), to: folder.file(name), options: options)
    }
    let report = try AnalysisReport.measure(paths, tempo: false, cache: nil)
    let keys = report.tracks.map { $0.key?.camelot }
    let truth = MusicalKey(tonic: track.label.tonic, mode: track.label.minor ? .minor : .major)
    #expect(keys == Array(repeating: truth.camelot, count: 3), "\(track.name): \(keys)")
  }
}
