import AudioTestSupport
import Foundation
import Rendering
import Testing

/// A render uses the cores the process may run on, not every core the machine has: under a CPU
/// set (what `taskset`, Slurm's `--cpus-per-task` and container CPU sets give) the segment
/// encoders number the CPUs in the set, and so do a batch's jobs. (MP3, whose segments do not
/// depend on the cores; FLAC keeps one encoder on fewer than three.)
@Suite struct AvailableCoresTests {
  @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1 && FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset")))
  func encodersFitTheCPUSet() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 44_100 * 20 + 7), .tone("b.flac", frames: 44_100 * 13 + 5)])
    let unbound = try fixture.run(["render", "a.flac", "b.flac", "-o", "all.mp3"])
    #expect(unbound.stdout.contains("segments on \(AvailableCores.count) worker"), "as many as this process may use: \(unbound.stdout)")
    let bound = try runSegue(arguments: ["-c", "0", try SegueExecutable.url().path, "render", "a.flac", "b.flac", "-o", "one.mp3"], in: fixture.path, through: ["/usr/bin/taskset"])
    #expect(bound.status == 0, "\(bound.stderr)")
    #expect(bound.stdout.contains("segments on 1 worker,"), "\(bound.stdout)")
    #expect(fixture.bytes("one.mp3") == fixture.bytes("all.mp3"), "any number of workers writes the same bytes")
  }

  /// FLAC on two cores keeps one encoder by default, and says why; `--threads` asks for
  /// segments; both write the same bytes.
  @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1 && FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset")))
  func flacOnTwoCoresKeepsOneEncoder() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 44_100 * 20 + 7), .tone("b.flac", frames: 44_100 * 13 + 5)])
    let segue = try SegueExecutable.url().path
    let two = try runSegue(arguments: ["-c", "0,1", segue, "render", "a.flac", "b.flac", "-o", "two.flac"], in: fixture.path, through: ["/usr/bin/taskset"])
    #expect(two.status == 0, "\(two.stderr)")
    #expect(two.stdout.contains("FLAC: one encoder, not segments: on 2 cores one encoder is faster"), "\(two.stdout)")
    let asked = try runSegue(
      arguments: ["-c", "0,1", segue, "render", "a.flac", "b.flac", "-o", "asked.flac", "--threads", "2"], in: fixture.path, through: ["/usr/bin/taskset"])
    #expect(asked.stdout.contains("FLAC: 14 segments on 2 workers"), "\(asked.stdout)")
    #expect(fixture.bytes("two.flac") == fixture.bytes("asked.flac"))
  }

  /// A CPU quota of one core (what a container's or a Kubernetes pod's CPU limit sets), in a
  /// cgroup (v1's cpu controller) of the test's own.
  @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1 && FileManager.default.isWritableFile(atPath: Self.cpuControllers)))
  func encodersFitTheCPUQuota() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 44_100 * 20 + 7), .tone("b.flac", frames: 44_100 * 13 + 5)])
    let group = "\(Self.cpuControllers)/segue-test-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: false)
    defer { rmdir(group) }
    try "150000".write(toFile: "\(group)/cpu.cfs_quota_us", atomically: false, encoding: .utf8)
    try "100000".write(toFile: "\(group)/cpu.cfs_period_us", atomically: false, encoding: .utf8)
    let segue = try SegueExecutable.url().path
    let limited = try runSegue(
      arguments: ["-c", "echo $$ > \(group)/cgroup.procs && exec \(segue) render a.flac b.flac -o q.mp3"], in: fixture.path, through: ["/bin/sh"])
    #expect(limited.status == 0, "\(limited.stderr)")
    #expect(limited.stdout.contains("segments on 2 workers,") == (ProcessInfo.processInfo.activeProcessorCount >= 2), "1.5 cores round up to 2: \(limited.stdout)")
    try "50000".write(toFile: "\(group)/cpu.cfs_quota_us", atomically: false, encoding: .utf8)
    let half = try runSegue(
      arguments: ["-c", "echo $$ > \(group)/cgroup.procs && exec \(segue) render a.flac b.flac -o h.mp3"], in: fixture.path, through: ["/bin/sh"])
    #expect(half.stdout.contains("segments on 1 worker,"), "half a core: \(half.stdout)")
  }

  /// cgroup v1's cpu controller, where a quota is set by writing two files.
  static let cpuControllers = "/sys/fs/cgroup/cpu"
}
