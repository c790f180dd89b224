import Foundation
import Testing

/// Ctrl-C and SIGTERM stop a render: exit 130, one line saying so, and no file left behind.
@Suite struct CancellationTests {
  /// Ten minutes of audio: seconds of MP3 encoding even in a release build, so the signal lands mid-render.
  static let frames = 44_100 * 600

  @Test(arguments: [SIGINT, SIGTERM])
  func signalCancelsAndRemovesThePartialFile(_ signal: Int32) throws {
    let fixture = try Fixture()
    try fixture.silence("long.flac", frames: Self.frames)
    let before = fixture.snapshot()
    let render = try SegueProcess(arguments: ["render", "long.flac", "-o", "mix.mp3"], in: fixture.path)

    let sawPartial = Self.waitForPartialFile(of: render, in: fixture)
    render.send(signal)
    let result = try render.finish()

    #expect(sawPartial, "the render never wrote its hidden .partial file")
    expectFailure(result, status: 130, stderr: "error: cancelled; no output was written\n", unchanged: before, in: fixture)
  }

  /// Polls until the render's hidden temporary file (`.mix.mp3.<random>.partial`) exists;
  /// false if the render ends first or takes more than 20 seconds to start writing.
  ///
  /// Synchronous on purpose: an `async` sleep would queue its wake-up behind every other test
  /// waiting for the cooperative pool, long enough for the render to finish first.
  private static func waitForPartialFile(of render: SegueProcess, in fixture: Fixture) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline && render.isRunning {
      if fixture.names().contains(where: { $0.hasPrefix(".mix.mp3.") && $0.hasSuffix(".partial") }) { return true }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return false
  }
}
