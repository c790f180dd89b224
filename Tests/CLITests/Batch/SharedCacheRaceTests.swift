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
    // Three minutes, so that an optimized build decodes each long enough for a busy machine's
    // poller to find it mid-file (25 s caught 3 of 6 in a release build running the whole suite).
    try fixture.tones([("a.flac", 44_100 * 180 + 11, 997), ("quiet.flac", 44_100 * 180 + 11, 1_499)])
    try FFmpegCLI.make(["-i", fixture.file("quiet.flac"), "-af", "volume=-12dB", fixture.file("b.flac")])
    let segue = try SegueExecutable.url().path
    let analyze = { (file: String) in ["SEGUE_CACHE_DIR=\(fixture.file("shared"))", segue, "analyze", file, "--json"] }

    // Six processes measure a.flac, each stopped while it has the file open; then it is replaced
    // by b.flac and they all go on.
    let (racers, finishedEarly) = try Self.racers(holding: fixture.file("a.flac")) {
      try SegueProcess(arguments: analyze("a.flac"), in: fixture.path, through: SegueProcess.stoppedLauncher)
    }
    try FileManager.default.removeItem(atPath: fixture.file("quiet.flac"))
    #expect(rename(fixture.file("b.flac"), fixture.file("a.flac")) == 0)
    for racer in racers { racer.send(SIGCONT) }
    let raced = try (racers + finishedEarly).map { try $0.finish() }
    #expect(racers.count == Self.racers, "only \(racers.count) processes were caught with the file open")
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

  /// Starts racers one at a time, each from stopped, and stops each again once it is decoding
  /// `path` (its read position is past a quarter of the file and short of its last 64 KiB: past
  /// the probe, which opens the file on its own, and not in the cache's key, which reads the first
  /// and last 64 KiB, a stop between its seek and its read leaving the position there), until
  /// `racers` are held so; a racer that got past the file before it was stopped runs on to its
  /// end, and another takes its place. Returns those held and those let run.
  private static func racers(holding path: String, start: () throws -> SegueProcess) throws -> (held: [SegueProcess], ran: [SegueProcess]) {
    var (held, ran): ([SegueProcess], [SegueProcess]) = ([], [])
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let decoding = { (racer: SegueProcess) in ((size / 4 + 1)..<(size - 64 * 1024)).contains(racer.readPosition(in: path) ?? 0) }
    while held.count < Self.racers, ran.count < 4 * Self.racers {
      let racer = try start()
      guard racer.wait(until: { racer.isStopped }) else {
        ran.append(racer)
        continue
      }
      racer.send(SIGCONT)
      _ = racer.wait(until: { decoding(racer) })
      racer.send(SIGSTOP)
      if racer.wait(until: { racer.isStopped }), decoding(racer) {
        held.append(racer)
      } else {
        racer.send(SIGCONT)
        ran.append(racer)
      }
    }
    return (held, ran)
  }

  /// The first track's integrated loudness in an `analyze --json` result.
  private static func loudness(_ result: SegueResult) throws -> Double {
    let root = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let track = (root?["tracks"] as? [[String: Any]])?.first
    return try #require(track?["integratedLUFS"] as? Double, "\(result.stdout) \(result.stderr)")
  }
}
