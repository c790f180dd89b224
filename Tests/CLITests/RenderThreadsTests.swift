import AudioTestSupport
import Foundation
import Testing

/// No thread of a render outlives it: every thread Segue starts (each named `segue…`) is joined
/// before the render returns, whether it finished, was cancelled (as Ctrl-C cancels it) or failed
/// on the encoder. Each case runs `render-threads-probe` in a process of its own, which counts its
/// own threads from `/proc` before, during and after, so no other test's threads are counted.
@Suite struct RenderThreadsTests {
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")), arguments: [
    ("finish", "finished"), ("cancel", "cancelled"), ("segments-cancel", "cancelled"), ("mp3-segments-cancel", "cancelled"),
    ("encoder-error", "No space left on device"),
  ])
  func noThreadOutlivesTheRender(mode: String, outcome: String) throws {
    let folder = TemporaryFolder("segue-threads")
    let probe = try SegueExecutable.url(named: "render-threads-probe")
    let result = try runSegue(arguments: [mode], in: folder.path, through: [probe.path, folder.path])
    let line = try #require(result.stderr.split(separator: "\n").last, "\(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(result.stderr)")
    #expect(report["before"] as? Int == 0)
    #expect((report["during"] as? Int ?? 0) >= 3, "the render's threads were seen: \(report)")
    #expect(report["after"] as? Int == 0, "\(report)")
    #expect((report["outcome"] as? String)?.contains(outcome) == true, "\(report)")
  }
}

/// No buffer is allocated per block: the same mix three times as long (at least 500 more blocks)
/// allocates at most as many more block buffers as its queues can hold beyond what the short mix
/// filled (64 chunks to the encoder, 48 blocks to the output meter). How full the queues get
/// depends on how the threads are scheduled (a loaded machine fills the encoder's queue deeper),
/// never on the length; a buffer per block would add hundreds. In a process of its own, like the
/// thread counts.
@Suite struct RenderBuffersTests {
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
  func aLongerRenderAllocatesNoMoreBuffers() throws {
    let folder = TemporaryFolder("segue-buffers")
    let probe = try SegueExecutable.url(named: "render-threads-probe")
    let result = try runSegue(arguments: ["buffers"], in: folder.path, through: [probe.path, folder.path])
    let line = try #require(result.stderr.split(separator: "\n").last, "\(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(result.stderr)")
    let (short, long) = (try #require(report["short"] as? Int), try #require(report["long"] as? Int))
    let (shortFrames, longFrames) = (try #require(report["shortFrames"] as? Int), try #require(report["longFrames"] as? Int))
    #expect((longFrames - shortFrames) / 4096 >= 400, "the longer render's extra blocks: \(report)")
    let queuesHold = 64 + 48
    #expect(long - short <= queuesHold, "a longer render allocated \(long - short) more buffers: \(report)")
  }
}
