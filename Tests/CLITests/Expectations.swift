import Foundation
import Testing

/// Checks that a run failed with `status`, printed exactly `stderr` and nothing on stdout, and
/// left the fixture's folder exactly as `before`: no output, no temporary file, nothing changed.
func expectFailure(
  _ result: SegueResult, status: Int32 = 1, stderr: String, unchanged before: [String: Data], in fixture: Fixture,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.exited, "ended by signal \(result.status)", sourceLocation: sourceLocation)
  #expect(result.status == status, sourceLocation: sourceLocation)
  #expect(result.stderr == stderr, sourceLocation: sourceLocation)
  #expect(result.stdout == "", sourceLocation: sourceLocation)
  let after = fixture.snapshot()
  #expect(after.keys.sorted() == before.keys.sorted(), "files added or removed", sourceLocation: sourceLocation)
  #expect(after == before, "a file's contents changed", sourceLocation: sourceLocation)
}

/// Checks that a run succeeded, printed exactly `lines` on stdout and nothing on stderr, and
/// left no temporary file behind.
func expectSuccess(
  _ result: SegueResult, printing lines: [String], in fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.exited && result.status == 0, sourceLocation: sourceLocation)
  #expect(result.stderr == "", sourceLocation: sourceLocation)
  #expect(result.stdout == lines.map { $0 + "\n" }.joined(), sourceLocation: sourceLocation)
  #expect(fixture.names().filter { $0.hasSuffix(".partial") } == [], sourceLocation: sourceLocation)
}

/// The summary's note for FLAC written in `count` segments of about 2.5 s, on one encoder thread
/// per core (the default).
func flacSegmentsNote(_ count: Int) -> String {
  let workers = ProcessInfo.processInfo.activeProcessorCount
  return "Note: FLAC: \(count) segments on \(workers) worker\(workers == 1 ? "" : "s"), joined into one stream"
}
