import AudioTestSupport
import Foundation
import Testing

/// Processes sharing one facts cache (as nodes share one on a network file system) never leave a
/// torn entry, nor a wrong one: a file replaced while they measure it is never given the old
/// file's facts.
@Suite struct SharedCacheRaceTests {
  private static let racers = 6

  @Test func racingProcessesLeaveOnlyWholeRightEntries() throws {
    let fixture = try Fixture([.folder("shared")])
    // The same length, so only the contents (and the file's key) differ; the second is far quieter.
    try fixture.tones([("a.flac", 44_100 * 25 + 11, 997), ("quiet.flac", 44_100 * 25 + 11, 1_499)])
    try FFmpegCLI.make(["-i", fixture.file("quiet.flac"), "-af", "volume=-12dB", fixture.file("b.flac")])
    let segue = try SegueExecutable.url().path
    let analyze = { (file: String) in ["SEGUE_CACHE_DIR=\(fixture.file("shared"))", segue, "analyze", file, "--json"] }

    // Six processes measure a.flac; once each has it open, it is replaced by b.flac.
    let racers = try (0..<Self.racers).map { _ in try SegueProcess(arguments: analyze("a.flac"), in: fixture.path, through: ["/usr/bin/env"]) }
    let opened = SchedulerProcess.poll(seconds: 30) {
      let readers = SchedulerProcess.segueProcesses(in: fixture.path, with: ["analyze", "a.flac"]).filter { Self.hasOpen(fixture.file("a.flac"), process: $0) }
      return readers.count == Self.racers
    }
    try FileManager.default.removeItem(atPath: fixture.file("quiet.flac"))
    #expect(rename(fixture.file("b.flac"), fixture.file("a.flac")) == 0)
    let raced = try racers.map { try $0.finish() }
    #expect(opened, "not every process had the file open before it was replaced")
    #expect(raced.allSatisfy { $0.status == 0 }, "\(raced.map(\.stderr))")

    let entries = (try FileManager.default.subpathsOfDirectory(atPath: fixture.file("shared"))).filter { !$0.hasPrefix("v") || $0.contains("/") }
    #expect(!entries.contains { $0.hasSuffix(".tmp") }, "\(entries)")
    for entry in entries where entry.hasSuffix(".json") {
      let data = fixture.bytes("shared/\(entry)")
      #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(entry) is torn")
    }
    // What the cache now says of a.flac is what a.flac (now b's contents) measures without it.
    let cached = try Self.loudness(try runSegue(arguments: analyze("a.flac"), in: fixture.path, through: ["/usr/bin/env"]))
    let fresh = try Self.loudness(try fixture.run(["analyze", "a.flac", "--json", "--no-cache"]))
    #expect(cached == fresh)
    let original = try Self.loudness(raced[0])
    #expect(abs(original - fresh) > 9, "the racers measured the first file (\(original) LUFS); the replacement measures \(fresh)")

    // Six more processes on the replaced file, with nothing in their way: one entry, right.
    let again = try (0..<Self.racers).map { _ in try SegueProcess(arguments: analyze("a.flac"), in: fixture.path, through: ["/usr/bin/env"]) }
    for result in try again.map({ try $0.finish() }) { #expect(try Self.loudness(result) == fresh) }
  }

  /// True when process `id` has `path` open.
  private static func hasOpen(_ path: String, process id: Int32) -> Bool {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(id)/fd")) ?? []
    return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/fd/\($0)")) == path }
  }

  /// The first track's integrated loudness in an `analyze --json` result.
  private static func loudness(_ result: SegueResult) throws -> Double {
    let root = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let track = (root?["tracks"] as? [[String: Any]])?.first
    return try #require(track?["integratedLUFS"] as? Double, "\(result.stdout) \(result.stderr)")
  }
}
