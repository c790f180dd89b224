import AudioTestSupport
import Foundation
import Testing

/// Faults outside Segue's control: a file-size limit, renders racing for one path.
@Suite struct FaultTests {
  /// Past `ulimit -f` the write fails (SIGXFSZ does not kill the render): one error line, a
  /// failure exit, and nothing left behind.
  @Test func aFileSizeLimitFailsTheWriteAndLeavesNothing() throws {
    let fixture = try Fixture()
    try fixture.silence("long.flac", frames: 44_100 * 60)
    let before = fixture.snapshot()
    let segue = try SegueExecutable.url().path
    // 200 blocks of 512 bytes: far less than a minute of WAV.
    let result = try runSegue(arguments: [], in: fixture.path, through: ["/bin/sh", "-c", "ulimit -f 200; exec \"$0\" render long.flac -o out.wav", segue])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("error: out.wav: cannot write ("), "\(result.stderr)")
    #expect(fixture.snapshot() == before)
  }

  /// A full disk (a 256 KiB tmpfs, where the tests run as root and may mount one): one error line
  /// naming the output and the cause, exit 1, and nothing left behind.
  @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func aFullDiskFailsTheWriteAndLeavesNothing() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 97_021), .folder("small")])
    let small = fixture.file("small")
    let mount = try FFmpegCLI.run("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", small])
    try #require(mount.status == 0, "cannot mount a tmpfs here: \(mount.stderr)")
    defer { _ = try? FFmpegCLI.run("umount", [small]) }
    try FileManager.default.copyItem(atPath: fixture.file("a.flac"), toPath: small + "/a.flac")

    let result = try runSegue(arguments: ["render", "a.flac", "-o", "out.wav"], in: small)

    #expect(result.status == 1)
    #expect(result.stderr == "error: out.wav: cannot write (No space left on device)\n")
    #expect((try FileManager.default.contentsOfDirectory(atPath: small)) == ["a.flac"])
  }

  /// Two renders to one path without --overwrite: one wins, the other fails and clobbers nothing;
  /// with --overwrite each may replace the other and the file is always whole.
  @Test func rendersRacingForOnePathNeverClobber() throws {
    let fixture = try Fixture()
    try fixture.tones([("a.flac", 441_000, 997), ("b.flac", 441_000, 499)])
    let first = try SegueProcess(arguments: ["render", "a.flac", "-o", "out.flac"], in: fixture.path)
    let second = try SegueProcess(arguments: ["render", "b.flac", "-o", "out.flac"], in: fixture.path)
    let results = [try first.finish(), try second.finish()]
    let winners = results.indices.filter { results[$0].status == 0 }
    try #require(winners.count == 1, "\(results.map(\.stderr))")
    #expect(results[1 - winners[0]].stderr == "error: out.flac: already exists; pass --overwrite (-y) to replace it\n")
    let (written, source) = (try fixture.samples("out.flac"), try fixture.samples(["a.flac", "b.flac"][winners[0]]))
    #expect(written == source)
    #expect(fixture.names().filter { $0.hasSuffix(".partial") }.isEmpty)

    let third = try SegueProcess(arguments: ["render", "a.flac", "-o", "out.flac", "-y"], in: fixture.path)
    let fourth = try SegueProcess(arguments: ["render", "b.flac", "-o", "out.flac", "-y"], in: fixture.path)
    let (thirdStatus, fourthStatus) = (try third.finish().status, try fourth.finish().status)
    #expect(thirdStatus == 0 && fourthStatus == 0)
    let (last, a, b) = (try fixture.samples("out.flac"), try fixture.samples("a.flac"), try fixture.samples("b.flac"))
    #expect(last == a || last == b, "the file is not one render whole")
  }
}
