import Foundation
import Rendering
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

/// The summary's note for FLAC by default: `count` segments of about 2.5 s on one encoder thread
/// per core, or one encoder on fewer cores than segments pay on.
func flacSegmentsNote(_ count: Int) -> String {
  let workers = AvailableCores.count
  guard workers >= 3 else {
    return "Note: FLAC: one encoder, not segments: on \(workers) core\(workers == 1 ? "" : "s") one encoder is faster (in segments the samples' MD5 is summed twice: by each segment's encoder and for STREAMINFO); the bytes are the same either way, and --threads asks for segments"
  }
  return "Note: FLAC: \(count) segments on \(workers) workers, joined into one stream"
}
