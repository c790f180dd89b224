import Composition
import Testing

/// The planner's layouts and the plans it refuses, at a round 1000 Hz so frames read as milliseconds.
@Suite struct PlannerTests {
  func items(_ lengths: [Int64], transition: TransitionRequest? = nil, albums: [String?]? = nil) -> [PlanItem] {
    lengths.enumerated().map { index, length in
      PlanItem(source: index, availableFrames: length, transition: transition, album: albums?[index], label: "t\(index + 1)")
    }
  }

  func plan(_ items: [PlanItem], _ defaults: PlanDefaults = PlanDefaults()) throws -> Plan {
    try Planner.plan(items, defaults: defaults, sampleRate: 1000)
  }

  @Test func lengthIsSumMinusOverlapsPlusGaps() throws {
    let lengths: [Int64] = [5000, 3001, 4002, 2003]
    let gapless = try plan(items(lengths))
    #expect(gapless.timeline.frameCount == 14_006)
    let crossfaded = try plan(items(lengths), PlanDefaults(transition: .crossfade(length: 600, curve: .fixed(.equalPower))))
    #expect(crossfaded.timeline.frameCount == 14_006 - 3 * 600)
    #expect(crossfaded.timeline.clips.map(\.start) == [0, 4400, 6801, 10_203])
    let gapped = try plan(items(lengths), PlanDefaults(transition: .gap(250)))
    #expect(gapped.timeline.frameCount == 14_006 + 3 * 250)
  }

  @Test func crossfadeRampsCoverTheOverlapExactly() throws {
    let result = try plan(items([5000, 5000]), PlanDefaults(transition: .crossfade(length: 1000, curve: .fixed(.sCurve))))
    let (a, b) = (result.timeline.clips[0], result.timeline.clips[1])
    #expect(a.volumeRamps == [VolumeEnvelope.Ramp(from: 1, to: 0, range: 4000..<5000, curve: .sCurve)])
    #expect(b.volumeRamps == [VolumeEnvelope.Ramp(from: 0, to: 1, range: 0..<1000, curve: .sCurve)])
    #expect(b.start == 4000)
  }

  @Test func asymmetricCrossfadeWithItsOwnOverlap() throws {
    var list = items([5000, 5000])
    list[0].transition = .crossfade(outLength: 800, inLength: 200, outCurve: .fixed(.exp), inCurve: .fixed(.log), overlap: 500)
    let result = try plan(list)
    #expect(result.timeline.clips[1].start == 4500)
    #expect(result.timeline.clips[0].volumeRamps[0].range == 4200..<5000)
    #expect(result.timeline.clips[1].volumeRamps[0].range == 0..<200)
    #expect(result.timeline.frameCount == 9500)
  }

  @Test func cuePointsAndFades() throws {
    var list = items([10_000])
    list[0].inPoint = 1500
    list[0].outPoint = 7000
    list[0].fadeIn = Fade(length: 300, curve: .linear)
    list[0].fadeOut = Fade(length: 400, curve: .exp)
    let clip = try plan(list).timeline.clips[0]
    #expect(clip.inPoint == 1500 && clip.duration == 5500)
    #expect(clip.volumeRamps.map(\.range) == [0..<300, 5100..<5500])
  }

  @Test func albumAwareKeepsAlbumsGaplessAndCrossfadesBetweenThem() throws {
    let result = try plan(
      items([3000, 3000, 3000, 3000], albums: ["A", "A", "B", nil]),
      PlanDefaults(transition: .crossfade(length: 500, curve: .fixed(.equalPower)), albumAware: true))
    #expect(result.transitions.map(\.transition) == [.gapless, .crossfade(.symmetric(length: 500, curve: .equalPower)), .crossfade(.symmetric(length: 500, curve: .equalPower))])
    #expect(result.timeline.frameCount == 12_000 - 1000)
  }

  @Test func autoPicksByCorrelationAndSaysWhy() throws {
    let defaults = PlanDefaults(transition: .crossfade(length: 500, curve: .auto))
    let correlated = try Planner.plan(items([3000, 3000]), defaults: defaults, sampleRate: 1000, correlations: [0: 0.9])
    #expect(correlated.transitions[0].transition == .crossfade(.symmetric(length: 500, curve: .linear)))
    #expect(correlated.notes == ["t1 -> t2: auto picked linear (the ends are correlated, r = 0.9)"])
    let unrelated = try Planner.plan(items([3000, 3000]), defaults: defaults, sampleRate: 1000, correlations: [0: 0.02])
    #expect(unrelated.transitions[0].transition == .crossfade(.symmetric(length: 500, curve: .equalPower)))
  }

  @Test func aShortTrackMayLieInsideTheCrossfadesOnEitherSide() throws {
    let result = try plan(items([5000, 1500, 5000]), PlanDefaults(transition: .crossfade(length: 1000, curve: .fixed(.linear))))
    let clips = result.timeline.clips
    #expect(clips.map(\.start) == [0, 4000, 4500])
    // Frames 4500..<5000: three clips sound at once; the short track's fades overlap and multiply.
    #expect(clips[1].fadeIn == Fade(length: 1000, curve: .linear) && clips[1].fadeOut == Fade(length: 1000, curve: .linear))
    #expect(clips[1].volume(at: 750) == 0.75 * 0.75)
    #expect(result.timeline.items.map(\.listedStart) == [0, 4500, 5000])
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var items: [PlanItem]
    var defaults: PlanDefaults
    var message: String
  }

  static let refusals: [Refusal] = {
    func list(_ lengths: [Int64]) -> [PlanItem] {
      lengths.enumerated().map { PlanItem(source: $0, availableFrames: $1, label: "t\($0 + 1)") }
    }
    var inAfterOut = list([5000])
    inAfterOut[0].inPoint = 4000
    inAfterOut[0].outPoint = 3000
    var outPastEnd = list([5000])
    outPastEnd[0].outPoint = 6000
    var fadeOutThenCrossfade = list([5000, 5000])
    fadeOutThenCrossfade[0].fadeOut = Fade(length: 500, curve: .linear)
    var longFade = list([1000])
    longFade[0].fadeIn = Fade(length: 1500, curve: .linear)
    return [
      Refusal(testDescription: "crossfade longer than the next track", items: list([5000, 800, 5000]),
              defaults: PlanDefaults(transition: .crossfade(length: 1000, curve: .fixed(.linear))),
              message: "t2: the crossfade of 1.000 s from the track before is longer than the track (0.800 s)\n"
                + "t2: the crossfade of 1.000 s into the next track is longer than the track (0.800 s)"),
      Refusal(testDescription: "crossfade longer than the track before", items: list([700, 5000]),
              defaults: PlanDefaults(transition: .crossfade(length: 1000, curve: .fixed(.linear))),
              message: "t1: the crossfade of 1.000 s into the next track is longer than the track (0.700 s)"),
      Refusal(testDescription: "crossfade onto a fade-out", items: fadeOutThenCrossfade,
              defaults: PlanDefaults(transition: .crossfade(length: 1000, curve: .fixed(.linear))),
              message: "t1: its fade-out and the crossfade into the next track overlap; give one or the other"),
      Refusal(testDescription: "in after out", items: inAfterOut, defaults: PlanDefaults(),
              message: "t1: the in point 4.000 s is not before the out point 3.000 s"),
      Refusal(testDescription: "out past the end", items: outPastEnd, defaults: PlanDefaults(),
              message: "t1: the out point 6.000 s is past the end (5.000 s)"),
      Refusal(testDescription: "fade longer than the track", items: longFade, defaults: PlanDefaults(),
              message: "t1: a fade of 1.500 s is longer than the track (1.000 s)"),
    ]
  }()

  @Test(arguments: refusals)
  func refusesImpossiblePlans(_ refusal: Refusal) {
    #expect(throws: PlanError(message: refusal.message)) { try plan(refusal.items, refusal.defaults) }
  }
}
