import AudioTestSupport
import Foundation
import Rendering
import Testing

/// A real Slurm array job, the user guide's script (`Examples/catalog/render-array.sbatch`), runs a
/// manifest: each task renders the item its `SLURM_ARRAY_TASK_ID` names, and the results file
/// gets one line per task.
@Suite struct SlurmBatchTests {
  @Test(.timeLimit(.minutes(5)))
  func aSlurmArrayJobRendersEveryItem() throws {
    let fixture = try Fixture([.folder("out"), .folder("cache"), .folder("slurm")])
    let tones = (0..<3).map { ("t\($0).flac", 25_013 + 9_001 * $0, 521 + 173 * $0) }
    try fixture.tones(tones)
    let inputs = (0..<6).map { [tones[$0 % 3].0, tones[($0 + 2) % 3].0] }
    try fixture.manifest("catalog.jsonl", (0..<6).map { batchItem(inputs[$0], "out/\($0).flac") })
    // The array script docs/guide.md shows, as it is committed, with segue on the tasks' PATH.
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Examples/catalog/render-array.sbatch")
      .standardizedFileURL.path
    let bin = try SegueExecutable.url().deletingLastPathComponent().path
    let path = "\(bin):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"

    let node = try SlurmNode(folder: fixture.file("slurm"))
    defer { node.stop() }
    let submitted = try node.run("timeout", [
      "240", "sbatch", "--wait", "--parsable", "--array=0-5", "--chdir=\(fixture.path)", "--output=\(fixture.file("task-%a.log"))",
      "--export=ALL,PATH=\(path),SEGUE_CACHE_DIR=\(fixture.file("cache"))", script, "catalog.jsonl", "results.jsonl",
    ])
    #expect(submitted.status == 0, "sbatch: \(submitted.stdout)")

    let results = try fixture.results("results.jsonl")
    #expect(results.count == 6)
    #expect(results.map(\.index).sorted() == Array(0..<6))
    #expect(results.allSatisfy { $0.status == .rendered })
    for index in 0..<6 {
      try fixture.expectJoined("out/\(index).flac", of: inputs[index])
      let log = (try? String(contentsOfFile: fixture.file("task-\(index).log"), encoding: .utf8)) ?? ""
      #expect(log.hasPrefix("batch: index \(index) from SLURM_ARRAY_TASK_ID\n"), "task \(index): \(log)")
    }
  }
}
