import AudioTestSupport
import Foundation
import Rendering
import Testing

/// `segue batch` renders what is missing or stale, skips what is up to date, leaves alone what it
/// did not write, and ends with an exit status schedulers can act on.
@Suite struct BatchCommandTests {
  /// Three tones of odd lengths and pitches, and a manifest joining them in three items.
  private func catalog() throws -> Fixture {
    let fixture = try Fixture([.folder("out")])
    try fixture.tones([("a.flac", 88_217, 997), ("b.flac", 132_305, 1_499), ("c.flac", 61_003, 619)])
    try fixture.manifest("m.jsonl", [batchItem(["a.flac", "b.flac"], "out/ab.flac"), batchItem(["b.flac", "c.flac"], "out/bc.flac"), batchItem(["c.flac"], "out/c.flac")])
    return fixture
  }

  private func statuses(_ result: SegueResult) throws -> [String] {
    try Fixture.results(printed: result.stdout).sorted { $0.key < $1.key }.map { "\($0.value.status.rawValue): \($0.value.reason ?? $0.value.error ?? "")" }
  }

  @Test func upToDateItemsAreSkippedAndChangesRenderAgain() throws {
    let fixture = try catalog()
    let first = try fixture.run(["batch", "m.jsonl", "--results", "-"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try statuses(first) == ["rendered: new", "rendered: new", "rendered: new"])
    try fixture.expectJoined("out/ab.flac", of: ["a.flac", "b.flac"])
    try fixture.expectJoined("out/bc.flac", of: ["b.flac", "c.flac"])
    try fixture.expectJoined("out/c.flac", of: ["c.flac"])
    let rendered = fixture.snapshot()

    let again = try fixture.run(["batch", "m.jsonl", "--results", "-"])
    #expect(again.status == 0)
    #expect(try statuses(again) == ["skipped: up to date", "skipped: up to date", "skipped: up to date"])
    #expect(fixture.snapshot() == rendered)

    // The same bytes written again (new times, new inode): still up to date.
    let bytes = fixture.bytes("b.flac")
    try FileManager.default.removeItem(atPath: fixture.file("b.flac"))
    try fixture.write("b.flac", bytes)
    #expect(try statuses(try fixture.run(["batch", "m.jsonl", "--results", "-"])) == ["skipped: up to date", "skipped: up to date", "skipped: up to date"])

    // c replaced by another tone of the same length: the two items that read it render again.
    try fixture.tone("c.flac", frames: 61_003, frequency: 1_201)
    let replaced = try fixture.run(["batch", "m.jsonl", "--results", "-"])
    #expect(try statuses(replaced) == ["skipped: up to date", "rendered: c.flac changed", "rendered: c.flac changed"])
    try fixture.expectJoined("out/bc.flac", of: ["b.flac", "c.flac"])
    try fixture.expectJoined("out/c.flac", of: ["c.flac"])

    // An option changed on the first item: only it renders again.
    try fixture.manifest("m.jsonl", [
      batchItem(["a.flac", "b.flac"], "out/ab.flac", "\"crossfade\": 0.5"), batchItem(["b.flac", "c.flac"], "out/bc.flac"), batchItem(["c.flac"], "out/c.flac"),
    ])
    let changed = try fixture.run(["batch", "m.jsonl", "--results", "-"])
    #expect(try statuses(changed) == ["rendered: the request changed", "skipped: up to date", "skipped: up to date"])
    let crossfaded = try fixture.samples("out/ab.flac").count / 2
    #expect(crossfaded == 88_217 + 132_305 - 22_050)

    let forced = try fixture.run(["batch", "m.jsonl", "--force", "--results", "-"])
    #expect(try statuses(forced) == Array(repeating: "rendered: forced (it was up to date)", count: 3))
  }

  /// What else decides an output counts too: a playlist named inside a playlist, the files
  /// written beside the output, the output itself, and the record.
  @Test func nestedPlaylistsSideFilesAndTheRecordDecideToo() throws {
    let fixture = try catalog()
    try fixture.write("inner.m3u", Data("b.flac\nc.flac\n".utf8))
    try fixture.write("outer.m3u", Data("a.flac\ninner.m3u\n".utf8))
    try fixture.manifest("m.jsonl", [batchItem(["outer.m3u"], "out/all.flac", "\"cue\": \"out/all.cue\"")])
    let run = { try statuses(try fixture.run(["batch", "m.jsonl", "--results", "-"])) }
    #expect(try run() == ["rendered: new"])
    try fixture.expectJoined("out/all.flac", of: ["a.flac", "b.flac", "c.flac"])
    #expect(fixture.names(under: "out/") == ["out/all.cue", "out/all.flac", "out/all.flac.segue.json"])
    #expect(try run() == ["skipped: up to date"])

    try fixture.write("inner.m3u", Data("c.flac\nb.flac\n".utf8))
    #expect(try run() == ["rendered: \(fixture.file("inner.m3u")) changed"], "the nested playlist, named as the outer one names it")
    try fixture.expectJoined("out/all.flac", of: ["a.flac", "c.flac", "b.flac"])

    try FileManager.default.removeItem(atPath: fixture.file("out/all.cue"))
    #expect(try run() == ["rendered: out/all.cue is missing"])
    #expect(FileManager.default.fileExists(atPath: fixture.file("out/all.cue")))

    var bytes = fixture.bytes("out/all.flac")
    bytes[bytes.count - 9] ^= 0x01
    try fixture.write("out/all.flac", bytes)
    #expect(try run() == ["rendered: the output changed since it was rendered"])

    try fixture.write("out/all.flac.segue.json", Data("{".utf8))
    #expect(try run() == ["rendered: its record is damaged"])
    #expect(try run() == ["skipped: up to date"])
  }

  /// An item another process holds (a straggler of an earlier submission) is not rendered twice
  /// at once: this run fails it as retryable, and leaves the other's files alone.
  @Test func anItemAnotherProcessHoldsIsLeftToIt() throws {
    let fixture = try catalog()
    let lockPath = fixture.file("out/c.flac.segue.lock")
    let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
    try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
    defer { close(descriptor) }
    let held = try fixture.run(["batch", "m.jsonl", "--index", "2", "--results", "-"])
    #expect(held.status == 75, "\(held.stderr)")
    #expect(try statuses(held) == ["failed: m.jsonl:3: out/c.flac: another process is rendering it now"])
    #expect(fixture.names(under: "out/") == ["out/c.flac.segue.lock"])
    flock(descriptor, LOCK_UN)
    let free = try fixture.run(["batch", "m.jsonl", "--index", "2", "--results", "-"])
    #expect(try statuses(free) == ["rendered: new"])
    #expect(fixture.names(under: "out/") == ["out/c.flac", "out/c.flac.segue.json"], "the lock is gone with the render")
  }

  /// A renamed input renders again (untagged tracks are titled by their names), and a side file
  /// added to an item over a file the batch did not write is left alone.
  @Test func aRenamedInputAndAForeignSideFileAreNoticed() throws {
    let fixture = try catalog()
    try fixture.make(.folder("album"))
    for name in ["a", "b"] { try FileManager.default.copyItem(atPath: fixture.file("\(name).flac"), toPath: fixture.file("album/\(name).flac")) }
    try fixture.manifest("m.jsonl", [batchItem(["album"], "out/album.flac", "\"chapters\": true")])
    let run = { try statuses(try fixture.run(["batch", "m.jsonl", "--results", "-"])) }
    #expect(try run() == ["rendered: new"])
    try FileManager.default.moveItem(atPath: fixture.file("album/b.flac"), toPath: fixture.file("album/b2.flac"))
    #expect(try run() == ["rendered: album/b2.flac changed"])
    #expect(try run() == ["skipped: up to date"])

    try fixture.write("notes.cue", Data("someone's own cue sheet\n".utf8))
    try fixture.manifest("m.jsonl", [batchItem(["album"], "out/album.flac", "\"chapters\": true, \"cue\": \"notes.cue\"")])
    let refused = try fixture.run(["batch", "m.jsonl", "--results", "-"])
    #expect(refused.status == 1)
    #expect(try statuses(refused) == ["failed: m.jsonl:1: notes.cue: exists and was not written by segue batch (no record beside it); pass --force to replace it"])
    #expect(String(decoding: fixture.bytes("notes.cue"), as: UTF8.self) == "someone's own cue sheet\n")
  }

  @Test func anOutputTheBatchDidNotWriteIsLeftAlone() throws {
    let fixture = try catalog()
    try fixture.write("out/bc.flac", Data("someone else's".utf8))
    let result = try fixture.run(["batch", "m.jsonl", "--results", "r.jsonl"])
    #expect(result.status == 1)
    let results = try fixture.results("r.jsonl")
    #expect(results.map(\.status) == [.rendered, .failed, .rendered])
    #expect(results[1].errorClass == .permanent)
    #expect(results[1].error == "m.jsonl:2: out/bc.flac: exists and was not written by segue batch (no record beside it); pass --force to replace it")
    #expect(String(decoding: fixture.bytes("out/bc.flac"), as: UTF8.self) == "someone else's")

    let forced = try fixture.run(["batch", "m.jsonl", "--index", "1", "--force", "--results", "-"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try statuses(forced) == ["rendered: forced over a file the batch did not write"])
    try fixture.expectJoined("out/bc.flac", of: ["b.flac", "c.flac"])
  }

  @Test func aKilledItemIsRedoneOnTheNextRun() throws {
    let fixture = try catalog()
    try fixture.silence("long.flac", frames: 44_100 * 600 + 3)
    try fixture.manifest("m.jsonl", [batchItem(["a.flac"], "out/a.flac"), batchItem(["long.flac", "c.flac"], "out/long/mix.mp3"), batchItem(["c.flac"], "out/c.flac")])
    try fixture.make(.folder("out/long"))
    let batch = try SegueProcess(arguments: ["batch", "m.jsonl", "--results", "r.jsonl"], in: fixture.path)
    #expect(waitForPartialFile(in: fixture.file("out/long"), of: batch))
    batch.send(SIGKILL)
    _ = try batch.finish()
    #expect(try fixture.results("r.jsonl").map(\.index) == [0])
    #expect(!FileManager.default.fileExists(atPath: fixture.file("out/long/mix.mp3")))

    let next = try fixture.run(["batch", "m.jsonl", "--results", "-"])
    #expect(next.status == 0, "\(next.stderr)")
    #expect(try statuses(next) == ["skipped: up to date", "rendered: an earlier render of it did not finish", "rendered: new"])
    #expect(fixture.names(under: "out/long/") == ["out/long/mix.mp3", "out/long/mix.mp3.segue.json"])
    let record = try JSONDecoder().decode(BatchRecord.self, from: fixture.bytes("out/long/mix.mp3.segue.json"))
    #expect(record.output?.size == Int64(fixture.bytes("out/long/mix.mp3").count))
  }

  @Test func aSignalStopsTheBatchWithNoPartialAndNoClaim() throws {
    let fixture = try catalog()
    try fixture.silence("long.flac", frames: 44_100 * 600 + 3)
    try fixture.manifest("m.jsonl", [batchItem(["long.flac"], "out/long/mix.mp3"), batchItem(["c.flac"], "out/c.flac")])
    try fixture.make(.folder("out/long"))
    let batch = try SegueProcess(arguments: ["batch", "m.jsonl", "--results", "r.jsonl"], in: fixture.path)
    #expect(waitForPartialFile(in: fixture.file("out/long"), of: batch))
    batch.send(SIGTERM)
    batch.send(SIGCONT)
    let result = try batch.finish()
    #expect(result.status == 128 + SIGTERM, "\(result.stderr)")
    let results = try fixture.results("r.jsonl")
    #expect(results.map(\.index) == [0], "the second item never starts")
    #expect(results.first?.errorClass == .cancelled)
    #expect(fixture.names(under: "out/") == ["out/long/"], "no partial file and no claim are left")
  }

  @Test func aMissingInputIsPermanentAndAFullDiskRetryable() throws {
    let fixture = try catalog()
    try fixture.manifest("missing.jsonl", [batchItem(["a.flac", "gone.flac"], "out/x.flac"), batchItem(["c.flac"], "out/c.flac")])
    let missing = try fixture.run(["batch", "missing.jsonl", "--results", "-"])
    #expect(missing.status == 1)
    let failed = try #require(try Fixture.results(printed: missing.stdout)[0])
    #expect(failed.errorClass == .permanent)
    #expect(failed.error == "missing.jsonl:1: gone.flac: file not found")
    #expect(try Fixture.results(printed: missing.stdout)[1]?.status == .rendered)

    // A 256 KiB file system: the WAV (over 1 MB) cannot fit.
    try fixture.make(.folder("small"))
    let mount = try FFmpegCLI.run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", fixture.file("small")])
    try #require(mount.status == 0, "cannot mount a small file system to fill: \(mount.stderr)")
    defer { _ = try? FFmpegCLI.run("/bin/umount", [fixture.file("small")]) }
    try fixture.manifest("full.jsonl", [batchItem(["a.flac", "b.flac"], "small/ab.wav")])
    let full = try fixture.run(["batch", "full.jsonl", "--results", "-"])
    #expect(full.status == 75, "\(full.stderr)")
    let retry = try #require(try Fixture.results(printed: full.stdout)[0])
    #expect(retry.errorClass == .retryable)
    #expect(retry.error == "full.jsonl:1: small/ab.wav: cannot write (No space left on device)")
    #expect(fixture.names(under: "small/") == [], "a failed render leaves nothing behind")
  }

  @Test func anEmittedRequestRendersWhatTheRenderWould() throws {
    let fixture = try catalog()
    let emitted = try fixture.run(["render", "a.flac", "b.flac", "-o", "out/direct.flac", "--crossfade", "0.75", "--loudness", "-16", "--progress", "none", "--emit-request"])
    #expect(emitted.status == 0, "\(emitted.stderr)")
    #expect(fixture.names(under: "out/") == [], "--emit-request renders nothing")
    let line = emitted.stdout.trimmingCharacters(in: .newlines)
    #expect(line == #"{"crossfade":0.75,"inputs":["\#(fixture.file("a.flac"))","\#(fixture.file("b.flac"))"],"loudness":-16,"output":"\#(fixture.file("out/direct.flac"))"}"#)
    let planned = try fixture.run(["plan", "a.flac", "b.flac", "-o", "out/direct.flac", "--crossfade", "0.75", "--loudness", "-16", "--emit-request"])
    #expect(planned.stdout == emitted.stdout)

    try fixture.manifest("emitted.jsonl", [line])
    let batch = try fixture.run(["batch", "emitted.jsonl"])
    #expect(batch.status == 0, "\(batch.stderr)")
    try FileManager.default.moveItem(atPath: fixture.file("out/direct.flac"), toPath: fixture.file("out/batch.flac"))
    let direct = try fixture.run(["render", "a.flac", "b.flac", "-o", "out/direct.flac", "--crossfade", "0.75", "--loudness", "-16"])
    #expect(direct.status == 0, "\(direct.stderr)")
    #expect(fixture.bytes("out/batch.flac") == fixture.bytes("out/direct.flac"))

    let noOutput = try fixture.run(["plan", "a.flac", "--emit-request"])
    #expect(noOutput.status != 0 && noOutput.stderr.contains("--emit-request needs the output the render would write (-o FILE)"), "\(noOutput.stderr)")
  }

  @Test func theTemplateIsAManifest() throws {
    let fixture = try Fixture()
    let template = try fixture.run(["batch", "--template"])
    #expect(template.status == 0)
    try fixture.write("template.yaml", Data(template.stdout.utf8))
    let past = try fixture.run(["batch", "template.yaml", "--index", "3"])
    #expect(past.status == 1)
    #expect(past.stderr == "error: index 3 is past the manifest's last item (it holds 3, indexes 0 to 2 counted from 0)\n")
    let first = try fixture.run(["batch", "template.yaml", "--index", "0", "--results", "-"])
    #expect(first.status == 1)
    #expect(try Fixture.results(printed: first.stdout)[0]?.error?.hasSuffix("albums/first-album: file not found") == true, "\(first.stdout)")
  }

  @Test func aBadManifestStopsTheBatchBeforeAnyRender() throws {
    let fixture = try catalog()
    try fixture.manifest("bad.jsonl", [batchItem(["a.flac"], "out/a.flac"), batchItem(["b.flac"], "out/b.flac", "\"crosfade\": 2")])
    let result = try fixture.run(["batch", "bad.jsonl"])
    #expect(result.status == 1)
    #expect(result.stderr == "error: bad.jsonl:2: unknown key 'crosfade' (did you mean 'crossfade'?)\n")
    #expect(fixture.names(under: "out/") == [])

    try fixture.manifest("refused.jsonl", [batchItem(["a.flac"], "out/a.flac", "\"crossfade\": \"soon\"")])
    let refused = try fixture.run(["batch", "refused.jsonl", "--results", "-"])
    #expect(refused.status == 1)
    let error = try #require(try Fixture.results(printed: refused.stdout)[0]?.error)
    #expect(error.hasPrefix("refused.jsonl:1: ") && error.contains("--crossfade"), "\(error)")
  }

  @Test func jobsRenderItemsAtOnceIntoOneResultsFile() throws {
    let fixture = try catalog()
    // Half a minute of silence before each, so the renders overlap for a while.
    try fixture.silence("pause.flac", frames: 44_100 * 30 + 1)
    try fixture.manifest("m.jsonl", (0..<6).map { batchItem(["pause.flac", ["a.flac", "b.flac", "c.flac"][$0 % 3], "c.flac"], "out/\($0).flac") })
    let result = try fixture.run(["batch", "m.jsonl", "--jobs", "3", "--results", "r.jsonl", "--progress", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try fixture.results("r.jsonl").map(\.index).sorted() == Array(0..<6))
    for index in 0..<6 { try fixture.expectJoined("out/\(index).flac", of: ["pause.flac", ["a.flac", "b.flac", "c.flac"][index % 3], "c.flac"]) }
    #expect(result.stderr.contains("batch: m.jsonl: 6 items; rendering all, 3 at a time\n"), "\(result.stderr)")
    #expect(result.stderr.contains("batch: 6 rendered, 0 up to date, 0 failed\n"))
    // One progress line for the batch, naming the items rendering (never more than --jobs).
    let progress = result.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(!progress.isEmpty && progress.allSatisfy { $0["total"] as? Int == 6 }, "\(result.stderr)")
    // Items rendering at once, as the batch itself tells it (each item's start and end are events
    // of its own, so no sampling by this test can miss them): never more than --jobs, and more
    // than one, both under way, at some point.
    let running = progress.map { $0["running"] as? [[String: Any]] ?? [] }
    #expect(running.allSatisfy { $0.count <= 3 }, "\(result.stderr)")
    let together = running.map { $0.filter { ($0["percent"] as? Double ?? 0) > 0 }.count }.max() ?? 0
    #expect(together >= 2, "at most \(together) item(s) seen rendering at once: \(result.stderr)")
  }

  @Test(arguments: ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"])
  func anArrayTaskRendersTheItemItsIndexNames(_ variable: String) throws {
    let fixture = try catalog()
    let result = try runSegue(
      arguments: ["\(variable)=2", try SegueExecutable.url().path, "batch", "m.jsonl", "--index-from-env", "--index-base", "1", "--results", "-"],
      in: fixture.path, through: ["/usr/bin/env"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("batch: index 2 from \(variable)\n"), "\(result.stderr)")
    #expect(try Fixture.results(printed: result.stdout).keys.sorted() == [1])
    try fixture.expectJoined("out/bc.flac", of: ["b.flac", "c.flac"])
    #expect(fixture.names(under: "out/") == ["out/bc.flac", "out/bc.flac.segue.json"])
  }
}

/// Polls until a render's hidden temporary file appears in `folder`, then stops the process
/// (SIGSTOP) so it cannot finish before the caller's signal; false if it ends or 20 s pass first.
func waitForPartialFile(in folder: String, of process: SegueProcess) -> Bool {
  let deadline = Date().addingTimeInterval(20)
  while Date() < deadline && process.isRunning {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    if names.contains(where: { $0.hasPrefix(".segue-") && $0.hasSuffix(".partial") }) {
      process.send(SIGSTOP)
      return true
    }
    Thread.sleep(forTimeInterval: 0.005)
  }
  return false
}
