import AudioTestSupport
import Foundation
import Rendering
import Testing

/// GNU parallel runs a manifest as `segue batch --index` calls: every output right, and after a
/// worker is killed mid-item, `--resume-failed` renders that item and nothing else.
@Suite struct ParallelBatchTests {
  @Test func parallelRunsAManifestAndResumesTheItemAWorkerLost() throws {
    let fixture = try Fixture([.folder("out"), .folder("cache")])
    let tones = (0..<4).map { ("t\($0).flac", 30_011 + 7_919 * $0, 443 + 211 * $0) }
    try fixture.tones(tones)
    try fixture.silence("long.flac", frames: 44_100 * 120 + 13)
    let inputs = (0..<12).map { $0 == 7 ? ["long.flac", "t3.flac"] : [tones[$0 % 4].0, tones[($0 + 1) % 4].0] }
    let outputs = (0..<12).map { $0 == 7 ? "out/long/mix.flac" : "out/\($0).flac" }
    try fixture.manifest("catalog.jsonl", (0..<12).map { batchItem(inputs[$0], outputs[$0]) })
    try fixture.make(.folder("out/long"))

    let segue = try SegueExecutable.url().path
    let command = [
      "parallel", "-j", "3", "--joblog", "jobs.log", segue, "batch", "catalog.jsonl", "--index", "{}", "--results", "results.jsonl", "--progress", "none",
      ":::",
    ] + (0..<12).map(String.init)
    let environment = ["SEGUE_CACHE_DIR": fixture.file("cache")]
    let first = try SchedulerProcess("parallel", Array(command.dropFirst()), in: fixture.path, environment: environment, logPath: fixture.file("parallel-1.log"))
    defer { first.stop() }
    // Item 7's render is stopped (SIGSTOP) the moment its output is begun, seen to be mid-item
    // (its temporary file there, its output not), and killed: a worker lost mid-item.
    let partial = { ((try? FileManager.default.contentsOfDirectory(atPath: fixture.file("out/long"))) ?? []).contains { $0.hasSuffix(".partial") } }
    var victims: [Int32] = []
    let deadline = Date().addingTimeInterval(120)
    while victims.isEmpty, Date() < deadline {
      if partial() {
        victims = SchedulerProcess.segueProcesses(in: fixture.path, with: ["--index", "7"])
        for victim in victims { kill(victim, SIGSTOP) }
      } else {
        usleep(500)
      }
    }
    try #require(!victims.isEmpty, "item 7 never started rendering: \(first.log)")
    #expect(partial() && !FileManager.default.fileExists(atPath: fixture.file(outputs[7])), "item 7 was stopped after it finished")
    for victim in victims { kill(victim, SIGKILL) }
    let firstStatus = first.wait(seconds: 120)
    #expect(firstStatus == 1, "parallel exits with the number of failed jobs: \(first.log)")
    let afterFirst = try fixture.results("results.jsonl")
    #expect(afterFirst.map(\.index).sorted() == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11])
    #expect(!FileManager.default.fileExists(atPath: fixture.file(outputs[7])))
    let finished = Dictionary(uniqueKeysWithValues: outputs.enumerated().filter { $0.offset != 7 }.map { ($0.element, fixture.bytes($0.element)) })

    let resumed = try SchedulerProcess(
      "parallel", ["--resume-failed"] + Array(command.dropFirst()), in: fixture.path, environment: environment, logPath: fixture.file("parallel-2.log"))
    defer { resumed.stop() }
    #expect(resumed.wait(seconds: 120) == 0, "\(resumed.log)")

    let all = try fixture.results("results.jsonl")
    #expect(all.count == 12, "the resumed run rendered only the lost item: \(all.map(\.index))")
    #expect(all.last?.index == 7 && all.last?.status == .rendered && all.last?.reason == "an earlier render of it did not finish")
    for (index, output) in outputs.enumerated() {
      try fixture.expectJoined(output, of: inputs[index])
      if index != 7 { #expect(fixture.bytes(output) == finished[output], "\(output) was rewritten") }
    }
    let log = try String(contentsOfFile: fixture.file("jobs.log"), encoding: .utf8)
    #expect(log.split(separator: "\n").count == 14, "a header, 12 jobs and the one resumed: \(log)")
  }
}
