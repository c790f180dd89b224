import Composition
import Playlists
import Synchronization
import Testing

@testable import Rendering

/// Progress names the track playing by the same rule and start as tracklists and chapters.
@Suite struct ProgressTrackTests {
  /// Two tracks crossfaded over 200 frames: the second is listed from frame 900, the middle of
  /// the overlap, though its audio begins at 800.
  @Test func theTrackChangesAtItsListedStart() throws {
    let timeline = Timeline(
      sampleRate: 8000, clips: [Clip(source: 0, start: 0, duration: 1000), Clip(source: 1, start: 800, duration: 1000)])
    #expect(timeline.trackStarts == [0, 900])
    var first = InputSource(path: "/x/a.flac", displayName: "a.flac")
    first.playerTitle = PlayerTitle(text: "Band - One")
    var second = InputSource(path: "/x/b.flac", displayName: "b.flac")
    second.fileTags = ["artist": "Other", "title": "Two"]
    let seen = Mutex<[String?]>([])
    let meter = ProgressMeter(
      timeline: timeline, selection: OutputSelection.whole(timeline), inputs: [first, second], interval: 0,
      report: { progress in seen.withLock { $0.append(progress.currentTrack) } })
    for frames in [850, 40, 9, 1, 900] { meter.advance(by: frames) }
    // The positions reached: 850, 890, 899, 900 and the last frame, 1799.
    #expect(seen.withLock { $0 } == ["Band - One", "Band - One", "Band - One", "Other - Two", "Other - Two"])
  }
}
