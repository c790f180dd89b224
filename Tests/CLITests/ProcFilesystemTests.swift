import AudioTestSupport
import Foundation
import Testing

/// Without /proc (a bare chroot), Segue says what it needs and exits 1 before it starts work:
/// Dispatch's thread pool reads /proc/self/task every second and stopped the process with an
/// illegal instruction, at random, in one render of ten (found by scripts/check-install, issue 49).
/// /proc is hidden here in a mount namespace of the test's own.
@Suite struct ProcFilesystemTests {
  static let canHideProc = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")

  @Test(.enabled(if: canHideProc, "needs root and unshare to hide /proc"))
  func withoutProcSegueSaysSoAndWritesNothing() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 44_100 * 3 + 11)])
    let segue = try SegueExecutable.url().path
    let script = "umount -l /proc && exec '\(segue)' render a.flac -o out.flac"
    let result = try runSegue(arguments: [], in: fixture.path, through: ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh"])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr == "error: /proc is not mounted, and Segue needs it on Linux (mount -t proc proc /proc, as a container does)\n")
    #expect(!FileManager.default.fileExists(atPath: fixture.file("out.flac")))
  }
}
