import Composition
import Testing

/// The runs of tracks resampled as one signal, found and measured in the planner's one pass.
@Suite struct PlannerRunTests {
  /// Items of sources at 44.1 kHz played whole on a 48 kHz timeline, each as long as it is alone.
  func items(_ sourceFrames: [Int64], rate: Int = 44_100) -> [PlanItem] {
    sourceFrames.enumerated().map { index, frames in
      var item = PlanItem(source: index, availableFrames: (frames * 48_000 + Int64(rate / 2)) / Int64(rate), label: "t\(index + 1)")
      item.resampledSource = ResampledSource(frames: frames, sampleRate: rate)
      return item
    }
  }

  func plan(_ items: [PlanItem], _ defaults: PlanDefaults = PlanDefaults()) throws -> Plan {
    try Planner.plan(items, defaults: defaults, sampleRate: 48_000)
  }

  /// Each member starts at round(its first source frame × 48000 ÷ 44100), which the tracks'
  /// own lengths, each rounded alone, miss.
  @Test func touchingTracksTakeTheirLengthsFromTheRun() throws {
    let sources: [Int64] = [76_234, 84_935, 74_728, 75_474]
    let result = try plan(items(sources))
    var firstFrames: Int64 = 0
    var starts: [Int64] = []
    for frames in sources {
      starts.append((firstFrames * 48_000 + 22_050) / 44_100)
      firstFrames += frames
    }
    #expect(result.timeline.clips.map(\.start) == starts)
    #expect(result.timeline.frameCount == (firstFrames * 48_000 + 22_050) / 44_100)
    #expect(result.resampledRuns == [[0, 1, 2, 3]])
    #expect(result.timeline.clips.map(\.resampledRun) == (0..<4).map { RunPlace(run: 0, member: $0) })
    // Alone, each rounded by itself, they would end a frame later than the run.
    #expect(items(sources).reduce(0) { $0 + $1.availableFrames } != result.timeline.frameCount)
  }

  @Test func aGapAStretchOrAnotherRateEndsARun() throws {
    var list = items([70_001, 80_012, 73_444, 65_431, 60_007, 50_003])
    list[0].transition = .gap(480)
    list[3].stretch = (frames: 70_000, method: .varispeed)
    list[5] = items([50_003], rate: 32_000)[0]
    list[5].source = 5
    let result = try plan(list)
    // t1 | gap | t2 t3 | t4 stretched | t5 | t6 at another rate: one run, of t2 and t3.
    #expect(result.resampledRuns == [[1, 2]])
    #expect(result.timeline.clips.map(\.resampledRun) == [nil, RunPlace(run: 0, member: 0), RunPlace(run: 0, member: 1), nil, nil, nil])
  }

  @Test func aCrossfadeOfNoOverlapTouchesAndOneThatOverlapsDoesNot() throws {
    var list = items([70_001, 80_012, 73_444])
    list[0].transition = .crossfade(outLength: 4800, inLength: 0, outCurve: .fixed(.linear), inCurve: .fixed(.linear), overlap: 0)
    list[1].transition = .crossfade(length: 4800, curve: .fixed(.linear))
    let result = try plan(list)
    #expect(result.resampledRuns == [[0, 1]])
  }

  @Test func anAutoCurveWithoutItsCorrelationFailsThePlan() throws {
    let list = items([70_001, 80_012])
    let defaults = PlanDefaults(transition: .crossfade(length: 4800, curve: .auto))
    #expect(Planner.autoCurveJoins(list, defaults: defaults).map(\.index) == [0])
    #expect(Planner.autoCurveJoins(list, defaults: defaults).map(\.overlap) == [4800])
    #expect(throws: PlanError.self) { try plan(list, defaults) }
    let measured = try Planner.plan(list, defaults: defaults, sampleRate: 48_000, correlations: [0: 0.9])
    #expect(measured.notes.contains { $0.contains("auto picked") })
  }
}
