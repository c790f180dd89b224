import AudioTestSupport
import Foundation
import Rendering
import Testing

/// A batch tells the truth about each file (issue 48): its results and records carry the written
/// file's loudness and true peak, and a `warnings` array with every warning the render gave.
@Suite struct BatchWarningsTests {
  /// Loud real excerpts levelled to -9 LUFS under a -1 dBTP ceiling as 128k MP3s, in a folder
  /// holding a killed render's leftover: each result's true peak is ffmpeg's reading of the written
  /// file within 0.1 dB, an encoder's overshoot of the ceiling is among its warnings, and the item
  /// that removed the leftover says so; the records say the same.
  @Test(.enabled(if: RealMusic.isExpected)) func lossyItemsReportTheirWrittenFilesFiguresAndWarnings() throws {
    let fixture = try Fixture([.folder("out")])
    let names = ["Rock", "City", "Freeway", "Golf"]
    for name in names { try RealMusic.excerpt(name, from: 20.3, seconds: 31.7, to: fixture.file("\(name).flac")) }
    try fixture.manifest(
      "m.jsonl", names.map { batchItem(["\($0).flac"], "out/\($0).mp3", #""loudness": -9, "true-peak": -1, "bitrate": "128k""#) })
    try fixture.write("out/.segue-0badf00d.partial", Data(repeating: 7, count: 1_237))
    let run = try fixture.run(["batch", "m.jsonl", "--results", "-"])
    #expect(run.status == 0, "\(run.stderr)")
    let results = try Fixture.results(printed: run.stdout)
    try #require(results.count == names.count, "\(run.stdout)")
    var overshoots = 0
    for (index, name) in names.enumerated() {
      let result = try #require(results[index])
      let judged = try LoudnessJudge.measure(fixture.file("out/\(name).mp3"))
      let truePeak = try #require(result.truePeak, "\(name): no true peak")
      #expect(abs(truePeak - judged.truePeak) <= 0.1, "\(name): the result says \(truePeak) dBTP, ffmpeg reads \(judged.truePeak)")
      #expect(abs((result.loudness ?? 0) - judged.integrated) <= 0.15, "\(name): \(result.loudness ?? 0) LUFS, ffmpeg \(judged.integrated)")
      let warnings = result.warnings ?? []
      let overshot = judged.truePeak > -1 + 0.05
      #expect(warnings.contains { $0.contains("encoder pushed the file's true peak") } == overshot, "\(name) at \(judged.truePeak) dBTP: \(warnings)")
      overshoots += overshot ? 1 : 0
      let record = try JSONDecoder().decode(BatchRecord.self, from: fixture.bytes("out/\(name).mp3.segue.json"))
      #expect(record.truePeak == result.truePeak && record.warnings == result.warnings, "\(name): the record says otherwise")
    }
    #expect(overshoots >= 1, "no item overshot: the encoder's warning went untested")
    let removals = results.values.filter { ($0.warnings ?? []).contains { $0.contains(".segue-0badf00d.partial") } }
    #expect(removals.count == 1, "the leftover's removal is said by exactly the item that removed it: \(run.stdout)")
    #expect(!FileManager.default.fileExists(atPath: fixture.file("out/.segue-0badf00d.partial")))
  }
}
