import Foundation
import Testing

/// Ctrl-C, SIGTERM and SIGHUP stop a render: exit 128 + the signal, one line saying so, and no
/// file left behind; a render killed outright leaves its temporary file, and the next render in
/// the folder removes it and says so.
@Suite struct CancellationTests {
  /// Ten minutes of audio: seconds of MP3 encoding even in a release build, so the signal lands mid-render.
  static let frames = 44_100 * 600

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGUSR1])
  func signalCancelsAndRemovesThePartialFile(_ signal: Int32) throws {
    let fixture = try Fixture()
    try fixture.silence("long.flac", frames: Self.frames)
    let before = fixture.snapshot()
    let render = try SegueProcess(arguments: ["render", "long.flac", "-o", "mix.mp3"], in: fixture.path)

    let sawPartial = Self.waitForPartialFile(of: render, in: fixture)
    // Stopped the moment its file appears, the render cannot finish before the signal lands,
    // however fast the machine: the signal waits, and is the first thing it meets on resuming.
    render.send(signal)
    render.send(SIGCONT)
    let result = try render.finish()

    #expect(sawPartial, "the render never wrote its hidden .partial file")
    expectFailure(result, status: 128 + signal, stderr: "error: cancelled; no output was written\n", unchanged: before, in: fixture)
  }

  @Test func theNextRenderRemovesWhatAKilledRenderLeft() throws {
    let fixture = try Fixture()
    try fixture.silence("long.flac", frames: Self.frames)
    try fixture.tone("short.flac", frames: 4_411)
    let killed = try SegueProcess(arguments: ["render", "long.flac", "-o", "mix.mp3"], in: fixture.path)
    #expect(Self.waitForPartialFile(of: killed, in: fixture))
    killed.send(SIGKILL)
    _ = try killed.finish()
    let left = fixture.names().filter { $0.hasSuffix(".partial") }
    try #require(left.count == 1, "\(fixture.names())")

    let next = try fixture.run(["render", "short.flac", "-o", "next.flac"])

    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stdout.contains("Note: warning: removed \(left[0]) ("), "\(next.stdout)")
    #expect(next.stdout.contains("), left in the folder by an interrupted render\n"))
    #expect(fixture.names().filter { $0.hasSuffix(".partial") }.isEmpty)
  }

  /// Polls until the render's hidden temporary file (`.segue-<random>.partial`) exists, then stops
  /// the render (SIGSTOP; the caller continues it); false if the render ends first or takes more
  /// than 20 seconds to start writing.
  ///
  /// Synchronous on purpose: an `async` sleep would queue its wake-up behind every other test
  /// waiting for the cooperative pool, long enough for the render to finish first.
  private static func waitForPartialFile(of render: SegueProcess, in fixture: Fixture) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline && render.isRunning {
      if fixture.names().contains(where: { $0.hasPrefix(".segue-") && $0.hasSuffix(".partial") }) {
        render.send(SIGSTOP)
        return true
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return false
  }
}
