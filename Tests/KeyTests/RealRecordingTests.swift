import Analysis
import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Synchronization
import Testing

/// Tempo and key on real music nobody here made (Debian's `hedgewars-data` soundtrack) against the
/// references of the best analysers (`RealReference`): what Segue is sure of is right, on every
/// track, and it is sure of no fewer tracks than when this was written (`leastSureAndRight`: it
/// may rise, never fall). The whole real set, its copies and the peers' own scores are
/// `Benchmarks/real-analysis`.
@Suite struct RealRecordingTests {
  /// Sure and right on the tracks with a reference, as measured on 2026-11-29 (issue 46).
  static let leastSureAndRight = (tempo: 14, key: 13)

  /// What the analysis found in one track, with the track's reference.
  struct Answer: Sendable {
    var reference: RealReference
    var tempo: TempoAnalysis?
    var key: KeyAnalysis?
  }

  /// Every hedgewars track with a reference, analysed once per test run, several at once.
  static let answers = Result { () throws -> [Answer] in
    let references = try RealReference.table("hedgewars-data").filter { $0.beatsPerMinute != nil || $0.key != nil }
    let found = Mutex([Result<Answer, any Error>?](repeating: nil, count: references.count))
    DispatchQueue.concurrentPerform(iterations: references.count) { index in
      let answer = Result { try analyse(references[index]) }
      found.withLock { $0[index] = answer }
    }
    return try found.withLock { $0 }.map { try $0!.get() }
  }

  /// The tempo and key of the track `reference` names, as `segue analyze` finds them.
  static func analyse(_ reference: RealReference) throws -> Answer {
    let reader = try AudioFileReader(path: try RealMusic.path(reference.file))
    let analyzer = try #require(MusicAnalyzer(sampleRate: reader.output.sampleRate, channelCount: reader.output.channelCount, tempo: true, key: true))
    while let block = try reader.nextBlock() { analyzer.add(block) }
    let (tempo, key) = analyzer.finish()
    return Answer(reference: reference, tempo: tempo, key: key)
  }

  @Test(.enabled(if: RealMusic.isExpected)) func noSureTempoIsWrong() throws {
    let answers = try Self.answers.get().filter { $0.reference.beatsPerMinute != nil }
    var right = 0
    for answer in answers {
      guard let tempo = answer.tempo, tempo.isSure, let found = tempo.beatsPerMinute else { continue }
      let reference = answer.reference
      let said = "\(reference.beatsPerMinute!)\(reference.octaveAmbiguous ? " (either octave)" : "")"
      #expect(reference.isRight(beatsPerMinute: found), "\(reference.file): sure of \(found) BPM (confidence \(tempo.confidence)), the reference is \(said)")
      if reference.isRight(beatsPerMinute: found) { right += 1 }
    }
    print("real tempo: sure and right on \(right) of \(answers.count) hedgewars tracks with a reference")
    #expect(right >= Self.leastSureAndRight.tempo)
  }

  @Test(.enabled(if: RealMusic.isExpected)) func noSureKeyIsWrong() throws {
    let answers = try Self.answers.get().filter { $0.reference.key != nil }
    var right = 0
    for answer in answers {
      guard let analysis = answer.key, analysis.isSure, let key = analysis.key else { continue }
      let reference = answer.reference.key!
      #expect(key == reference, "\(answer.reference.file): sure of \(key.name) (confidence \(analysis.confidence)), the reference \(reference.name)")
      if key == reference { right += 1 }
    }
    print("real key: sure and right on \(right) of \(answers.count) hedgewars tracks with a reference")
    #expect(right >= Self.leastSureAndRight.key)
  }
}
