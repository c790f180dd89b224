import Composition
import Testing

/// The timeline's gapless layout and the edits it refuses.
@Suite struct TimelineTests {
  @Test func gaplessAppendsTouchEdgeToEdge() throws {
    var timeline = Timeline(sampleRate: 44_100)
    try timeline.appendGapless(source: 0, duration: 100_003)
    try timeline.appendGapless(source: 1, duration: 1)
    try timeline.appendGapless(source: 2, duration: 52_919)
    #expect(timeline.clips.map(\.start) == [0, 100_003, 100_004])
    #expect(timeline.clips.map(\.end) == [100_003, 100_004, 152_923])
    #expect(timeline.frameCount == 152_923)
    for (previous, next) in zip(timeline.clips, timeline.clips.dropFirst()) {
      #expect(previous.end == next.start, "gapless means the edges touch")
      #expect(!previous.range.overlaps(next.range), "touching edges are not an overlap")
    }
  }

  @Test func emptyTimelineHasNoLength() {
    #expect(Timeline(sampleRate: 48_000).frameCount == 0)
  }

  @Test func secondsFollowTheRate() throws {
    var timeline = Timeline(sampleRate: 48_000)
    try timeline.appendGapless(source: 0, duration: 72_000)
    #expect(timeline.seconds == 1.5)
  }

  @Test func clipsMayLieInsideOthersAndManySoundAtOnce() throws {
    var timeline = Timeline(sampleRate: 44_100)
    try timeline.appendGapless(source: 0, duration: 100)
    try timeline.insert(Clip(source: 1, start: 10, duration: 20))
    try timeline.insert(Clip(source: 2, layer: .overlay, start: 15, duration: 5))
    #expect(timeline.clips.map(\.source) == [0, 1, 2])
    #expect(timeline.frameCount == 100)
  }

  @Test func itemsGroupTheirClipsAndMapSourceTimeToTheTimeline() throws {
    // Item 0 cut into two pieces (a pause removed), then item 1 crossfading in over 10 frames.
    let timeline = Timeline(sampleRate: 1000, clips: [
      Clip(source: 0, start: 0, inPoint: 0, duration: 300),
      Clip(source: 0, start: 300, inPoint: 500, duration: 200),
      Clip(source: 1, start: 490, duration: 100),
      Clip(source: 2, layer: .overlay, start: 100, duration: 50),
    ].sorted { $0.start < $1.start })
    let items = timeline.items
    #expect(items.map(\.id) == [0, 1])
    #expect(items[0].clipIndexes.count == 2 && items[0].end == 500)
    #expect(items[0].timelinePosition(ofSourceFrame: 550) == 350)
    #expect(items[0].timelinePosition(ofSourceFrame: 400) == nil, "frames cut out are not on the timeline")
    #expect(items.map(\.listedStart) == [0, 495])
  }

  struct RefusedEdit: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var clip: Clip
    var error: TimelineError
  }

  static let refusedEdits: [RefusedEdit] = [
    RefusedEdit(testDescription: "negative duration", clip: Clip(source: 1, start: 10, duration: -1), error: .negativeDuration(clip: 1)),
    RefusedEdit(testDescription: "negative start", clip: Clip(source: 1, start: -5, duration: 10), error: .negativePosition(clip: 0)),
    RefusedEdit(testDescription: "negative in-point", clip: Clip(source: 1, start: 50, inPoint: -1, duration: 10), error: .negativePosition(clip: 1)),
  ]

  @Test(arguments: refusedEdits)
  func refusedEditLeavesTimelineUnchanged(_ edit: RefusedEdit) throws {
    var timeline = Timeline(sampleRate: 44_100)
    try timeline.appendGapless(source: 0, duration: 100)
    let before = timeline
    #expect(throws: edit.error) { try timeline.insert(edit.clip) }
    #expect(timeline == before)
  }

  @Test func refusalsReadAsSentences() {
    #expect(TimelineError.outOfOrder(clip: 1).description == "clip 2 starts before the clip ahead of it")
    #expect(TimelineError.negativeDuration(clip: 0).description == "clip 1 has a negative duration")
  }
}
