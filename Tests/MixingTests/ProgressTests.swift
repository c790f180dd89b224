import AudioTestSupport
import Foundation
import Rendering
import Synchronization
import Testing

/// Progress reports climb steadily to 100 %, and a cancelled job leaves no file.
@Suite struct ProgressTests {
  @Test func progressIsMonotonicAndEndsAtOneHundredPercent() throws {
    let fixture = MixFixture(sampleRate: 48_000, channels: 2)
    let inputs = try (0..<3).map { try fixture.track("t\($0)", Signal.noise(channels: 2, frames: 96_001, seed: UInt64($0))) }
    let updates = Mutex<[RenderProgress]>([])
    let path = fixture.folder.file("out.flac")
    _ = try Renderer.render(RenderRequest(inputs: inputs, outputPath: path, mix: MixOptions(crossfade: 0.5))) { step in
      updates.withLock { $0.append(step) }
    }
    let steps = updates.withLock { $0 }
    #expect(!steps.isEmpty)
    for (a, b) in zip(steps, steps.dropFirst()) {
      #expect(b.framesDone > a.framesDone && b.elapsedSeconds >= a.elapsedSeconds)
    }
    #expect(steps.last.map(\.framesDone) == Int64(3 * 96_001 - 2 * 24_000))
    #expect(steps.last?.fraction == 1 && steps.last?.isFinished == true)
    #expect(steps.last?.currentTrack == "t2")
  }

  @Test func jobStreamsProgressAndReturnsTheReport() async throws {
    let fixture = MixFixture(sampleRate: 8000)
    let inputs = [try fixture.constant("a", value: 0.25, frames: 40_000), try fixture.constant("b", value: 0.25, frames: 40_000)]
    let job = RenderJob.start(RenderRequest(inputs: inputs, outputPath: fixture.folder.file("job.wav")))
    var last: RenderProgress?
    for await step in job.progress { last = step }
    let report = try await job.result()
    #expect(report.timeline.frameCount == 80_000)
    #expect(last?.isFinished == true)
  }

  @Test func cancellingMidRenderLeavesNoFile() throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let long = try fixture.track("long", Signal.noise(channels: 2, frames: 44_100 * 10, seed: 3))
    let cancellation = RenderCancellation()
    let error = #expect(throws: RenderError.self) {
      try Renderer.render(RenderRequest(inputs: [long, long], outputPath: fixture.folder.file("out.mp3")), cancellation: cancellation) {
        if $0.framesDone > 0 { cancellation.cancel() }
      }
    }
    #expect(error?.description == "cancelled; no output was written")
    #expect(fixture.folder.contents() == ["long.wav"])
  }

  @Test func cancellingAJobLeavesNoFile() async throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let long = try fixture.track("long", Signal.noise(channels: 2, frames: 44_100 * 10, seed: 3))
    let job = RenderJob.start(RenderRequest(inputs: [long, long], outputPath: fixture.folder.file("out.mp3")))
    job.cancel()
    await #expect(throws: RenderError.self) { try await job.result() }
    for await _ in job.progress {}
    #expect(fixture.folder.contents() == ["long.wav"])
  }
}
