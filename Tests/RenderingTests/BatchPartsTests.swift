import Foundation
import Playlists
import Testing

@testable import Rendering

/// The parts of a batch that need no render: the content hash, which items a selection takes,
/// how failures are classed, the exit status, and the results log under concurrent writers.
@Suite struct BatchPartsTests {
  /// XXH64 (seed 0) as the reference implementation (Python's `xxhash`) gives it.
  @Test(arguments: [
    ("", "ef46db3751d8e999"), ("a", "d24ec4f1a98c6e5b"), ("abc", "44bc2cf5ad770999"),
    (String(repeating: "x", count: 31), "60dd0d01083b99f0"), (String(repeating: "0123456789", count: 10), "f80e7b96315afffa"),
  ])
  func contentHashIsXXH64(_ text: String, _ expected: String) {
    #expect(ContentHash.of(text: text) == expected)
  }

  @Test func contentHashIsTheSameInAnyChunks() throws {
    let bytes = Data((0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })
    var whole = ContentHash()
    whole.add(bytes)
    var pieces = ContentHash()
    for start in stride(from: 0, to: bytes.count, by: 4_097) { pieces.add(bytes[start..<min(start + 4_097, bytes.count)]) }
    #expect(whole.value == pieces.value)
    var flipped = bytes
    flipped[50_007] ^= 0x80
    var changed = ContentHash()
    changed.add(flipped)
    #expect(changed.value != whole.value)
  }

  @Test func selectionsTakeTheItemsArrayJobsName() throws {
    #expect(try BatchSelection.all.indexes(count: 3) == [0, 1, 2])
    #expect(try BatchSelection.index(4, base: 1).indexes(count: 5) == [3])
    #expect(try BatchSelection.shard("1/3").indexes(count: 8) == [1, 4, 7])
    #expect(try BatchSelection.shard("2/3").indexes(count: 2) == [])
    let fromSlurm = try BatchSelection.fromEnvironment(["SLURM_ARRAY_TASK_ID": "2", "JOB_COMPLETION_INDEX": "5"], base: 0)
    #expect(fromSlurm.selection == .index(2) && fromSlurm.variable == "SLURM_ARRAY_TASK_ID")
    let fromKubernetes = try BatchSelection.fromEnvironment(["JOB_COMPLETION_INDEX": "5", "AWS_BATCH_JOB_ARRAY_INDEX": "1"], base: 0)
    #expect(fromKubernetes.selection == .index(5) && fromKubernetes.variable == "JOB_COMPLETION_INDEX")
    #expect(try BatchSelection.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "1"], base: 1).selection == .index(0))
  }

  @Test func aSelectionOutOfTheManifestIsRefused() {
    let cases: [(() throws -> [Int], String)] = [
      ({ try BatchSelection.index(5).indexes(count: 5) }, "index 5 is past the manifest's last item (it holds 5, indexes 0 to 4 counted from 0)"),
      ({ try BatchSelection.index(0, base: 1).indexes(count: 5) }, "index 0 is below the first index, 1"),
      ({ try BatchSelection.shard("3/3").indexes(count: 5) }, "--shard takes K/M with 0 <= K < M (the K-th of M shards, from 0), not '3/3'"),
      ({ try BatchSelection.shard("1/0").indexes(count: 5) }, "--shard takes K/M with 0 <= K < M (the K-th of M shards, from 0), not '1/0'"),
      ({ try BatchSelection.fromEnvironment([:], base: 0).selection.indexes(count: 1) },
       "--index-from-env: none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX is set"),
      ({ try BatchSelection.fromEnvironment(["JOB_COMPLETION_INDEX": "x1"], base: 0).selection.indexes(count: 1) },
       "--index-from-env: JOB_COMPLETION_INDEX is 'x1', not a whole number"),
    ]
    for (select, message) in cases {
      do {
        _ = try select()
        Issue.record("no error; expected \(message)")
      } catch {
        #expect("\(error)" == message)
      }
    }
  }

  @Test func failuresAreClassedSoSchedulersRetryOnlyWhatCanSucceed() {
    let full = RenderError.output(path: "x.flac", .writeFailed(detail: "No space left on device", errorNumber: ENOSPC))
    let denied = RenderError.output(path: "x.flac", .writeFailed(detail: "Permission denied", errorNumber: EACCES))
    let missing = RenderError.output(path: "x.flac", .folderMissing("out"))
    #expect(full.failureClass == .retryable)
    #expect(denied.failureClass == .permanent)
    #expect(missing.failureClass == .permanent)
    #expect(RenderError.cancelled.failureClass == .cancelled)
    #expect(RenderError.several([full, full]).failureClass == .retryable)
    #expect(RenderError.several([full, missing]).failureClass == .permanent)
    // Foundation's own errors, as file handles throw them on Linux.
    #expect(BatchResult.FailureClass(systemError: NSError(domain: NSPOSIXErrorDomain, code: Int(EIO))) == .retryable)
    let wrapped = NSError(domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ESTALE))])
    #expect(BatchResult.FailureClass(systemError: wrapped) == .retryable)
    #expect(BatchResult.FailureClass(systemError: CocoaError(.fileNoSuchFile)) == .permanent)
    #expect(BatchResult.FailureClass(systemError: POSIXError(.EDQUOT)) == .retryable)
    do {
      _ = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/mem")).readToEnd()
      Issue.record("reading /proc/self/mem from its start cannot succeed")
    } catch {
      #expect(BatchResult.FailureClass(systemError: error) == .retryable, "EIO from a file handle: \(error)")
    }
    let noRoom = RenderError.output(path: "out", .notWritable(folder: "out", detail: "No space left on device", errorNumber: ENOSPC))
    #expect(noRoom.failureClass == .retryable)
    let result = { (failure: BatchResult.FailureClass?) in
      BatchResult(index: 0, output: "x", status: failure == nil ? .rendered : .failed, errorClass: failure, seconds: 1)
    }
    #expect(BatchExitStatus.of([result(nil), result(nil)]) == 0)
    #expect(BatchExitStatus.of([result(nil), result(.retryable)]) == 75)
    #expect(BatchExitStatus.of([result(.retryable), result(.permanent)]) == 1)
  }

  static let vocabulary = BatchVocabulary(flags: [], valued: [], paths: [], refused: [:])

  @Test func jobsShareTheCoresOnce() throws {
    let items = try (0..<4).map { index in
      try #require(try BatchManifest.parse(#"{"inputs": ["a.flac"], "output": "\#(index).flac"}"#, file: "m.jsonl", vocabulary: Self.vocabulary).first)
    }
    var run = BatchRun(items: items, jobs: 3, force: false) { _ in throw RenderError.noInputs }
    run.cores = 8
    #expect(run.threadsPerJob == 2)
    run.jobs = 16
    #expect(run.threadsPerJob == 2, "four items at once at most")
    run.items = Array(items.prefix(1))
    #expect(run.threadsPerJob == 8, "one item has the cores to itself")
    run.jobs = 1
    run.cores = 1
    #expect(run.threadsPerJob == 1)
  }

  /// Eight writers appending 300 lines each at once: every line whole, none lost.
  @Test func resultsLinesNeverInterleave() throws {
    let folder = NSTemporaryDirectory() + "segue-results-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/results.jsonl"
    let log = try ResultsLog(path: path)
    let longReason = String(repeating: "r", count: 5_000)
    DispatchQueue.concurrentPerform(iterations: 8) { writer in
      for line in 0..<300 {
        try? log.append(BatchResult(index: writer * 1000 + line, output: "out/\(writer).flac", status: .rendered, reason: longReason, seconds: 0.5))
      }
    }
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let decoded = lines.compactMap { try? JSONDecoder().decode(BatchResult.self, from: Data($0.utf8)) }
    #expect(decoded.count == 2_400)
    #expect(Set(decoded.map(\.index)).count == 2_400)
  }
}
