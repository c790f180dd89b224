import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// How `--beatmatch` decides: a beatless track or tempos too far apart give a plain crossfade and
/// say why; held tempos and tiny differences stretch the whole incoming track evenly.
@Suite("Beat-match decisions")
struct BeatMatchPlanTests {
  static let rate = 44100

  static func write(_ samples: [Float], _ path: String) throws -> String {
    try AudioFile.write(samples, layout: PCMLayout(sampleRate: rate, channelCount: 2), to: path, options: OutputOptions(bitDepth: 16))
    return path
  }

  static func beats(_ bpm: Double, _ folder: TemporaryFolder, seconds: Double = 47.9) throws -> String {
    try write(BeatTrack(beatsPerMinute: bpm, firstBeat: 0.1717, seconds: seconds).samples, folder.file("\(bpm).flac"))
  }

  static func plan(_ paths: [String], _ folder: TemporaryFolder, change: (inout BeatMatchSettings) -> Void = { _ in }) throws -> MixPlan {
    var mix = MixOptions(crossfade: 6)
    mix.beatMatching.enabled = true
    change(&mix.beatMatching)
    return try Renderer.plan(RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("x.wav"), mix: mix, cache: nil))
  }

  @Test func aBeatlessPadFallsBackToAPlainCrossfadeAndSaysWhy() throws {
    let folder = TemporaryFolder("segue-beatless")
    var random = SeededRandom(seed: 9)
    let pad: [Float] = (0..<(Self.rate * 30)).flatMap { frame -> [Float] in
      let value = Float((0.15 + 0.05 * sin(Double(frame) / Double(Self.rate))) * random.nextSigned())
      return [value, value]
    }
    let mix = try Self.plan([try Self.beats(124, folder), try Self.write(pad, folder.file("pad.flac"))], folder)
    let json = PlanReport(mix).json()
    #expect(json.contains("\"matched\" : false"))
    #expect(json.contains("no steady beat was found in the incoming track"))
    #expect(mix.plan.notes.contains { $0.contains("beats not matched: no steady beat was found in the incoming track; a plain crossfade") })
    // A plain crossfade: the pad plays whole from its start, 6 s before the end of the beat track.
    let pads = mix.plan.timeline.clips.filter { $0.item == 1 }
    #expect(pads.count == 1 && pads[0].stretch == nil && pads[0].inPoint == 0)
    #expect(pads[0].start == mix.plan.timeline.clips[0].end - Int64(6 * Self.rate))
  }

  @Test func temposMoreThanTheLimitApartFallBack() throws {
    let folder = TemporaryFolder("segue-far-tempos")
    let paths = [try Self.beats(120, folder), try Self.beats(135, folder)]
    let mix = try Self.plan(paths, folder)
    let reason = try #require(mix.plan.notes.first { $0.contains("beats not matched") })
    #expect(reason.contains("would change tempo by 11.1 % (135.00 to 120.00 BPM), more than 8.0 %"), "\(reason)")
    let allowed = try Self.plan(paths, folder) { $0.maxTempoChange = 0.15 }
    #expect(allowed.plan.notes.contains { $0.contains("beats matched: 120.00 BPM into 135.00 BPM") })
  }

  @Test func aHalfTimeTrackIsCountedInDoubles() throws {
    let folder = TemporaryFolder("segue-half-time")
    // 63 BPM as the playlist states it: two of the 126 BPM track's beats to each of its own.
    let paths = [try Self.beats(124, folder), try Self.beats(126, folder)]
    var inputs = paths.map { InputSource(path: $0) }
    inputs[1].options.beat = BeatSpec(beatsPerMinute: 63)
    var mix = MixOptions(crossfade: 6)
    mix.beatMatching.enabled = true
    let plan = try Renderer.plan(RenderRequest(inputs: inputs, outputPath: folder.file("x.wav"), mix: mix, cache: nil)).plan
    guard case .matched(let match) = plan.transitions[0].beatMatch else { Issue.record("not matched"); return }
    #expect(match.beatsPerBeat == 0.5 && abs(match.lengthRatio - 126.0 / 124) < 1e-4, "\(match)")
  }

  @Test func holdingTheTempoStretchesTheWholeIncomingTrackEvenly() throws {
    let folder = TemporaryFolder("segue-hold-tempo")
    let paths = [try Self.beats(124, folder), try Self.beats(128, folder)]
    let held = try Self.plan(paths, folder) { $0.holdTempo = true }.plan
    let incoming = held.timeline.clips.filter { $0.item == 1 }
    try #require(incoming.count == 1)
    let stretch = try #require(incoming[0].stretch)
    #expect(stretch.keyFrames.isEmpty && stretch.method == .preservePitch && stretch.sharpAttacks)
    #expect(abs(Double(incoming[0].duration) / Double(stretch.sourceFrames) - 128.0 / 124) < 1e-5)
    guard case .matched(let match) = held.transitions[0].beatMatch else { Issue.record("not matched"); return }
    #expect(match.rampBars == nil)
  }

  @Test func aTinyDifferenceIsMatchedByVarispeed() throws {
    let folder = TemporaryFolder("segue-tiny-difference")
    // 128 into 128.2 BPM: 2.7 cents, under the 5 cents where varispeed is transparent.
    let plan = try Self.plan([try Self.beats(128, folder), try Self.beats(128.2, folder)], folder).plan
    guard case .matched(let match) = plan.transitions[0].beatMatch else { Issue.record("not matched"); return }
    #expect(match.method == .varispeed && match.rampBars == nil)
    #expect(match.methodReason.contains("cents, under 5"))
    let incoming = plan.timeline.clips.filter { $0.item == 1 }
    #expect(incoming.count == 1 && incoming[0].stretch?.method == .varispeed)
  }

  @Test func crossfadesCountedInBarsAndBeats() throws {
    let folder = TemporaryFolder("segue-counted")
    let paths = [try Self.beats(124, folder), try Self.beats(128, folder)]
    var mix = MixOptions()
    mix.crossfadeBeats = 32
    let plain = try Renderer.plan(RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("x.wav"), mix: mix, cache: nil))
    guard case .crossfade(let crossfade) = plain.plan.transitions[0].transition else { Issue.record("no crossfade"); return }
    // 32 beats at 124 BPM, to the frame (the grid is fitted to within a frame over the track).
    #expect(abs(Double(crossfade.overlap) - 32 * 60 / 124 * Double(Self.rate)) <= 2, "\(crossfade.overlap)")
    #expect(plain.plan.notes.contains { $0.hasSuffix("a crossfade of 8 bars asks for 0:15.484 at 124.00 BPM") })

    let playlist = folder.file("set.yaml")
    try """
      version: 1
      entries:
        - file: \(paths[0])
          transition: { crossfade: 16beats, curve: linear }
        - file: \(paths[1])
      """.write(toFile: playlist, atomically: true, encoding: .utf8)
    let request = try RenderRequest(arguments: [playlist], outputPath: folder.file("y.wav"), choices: MixChoices())
    let listed = try Renderer.plan(request)
    guard case .crossfade(let own) = listed.plan.transitions[0].transition else { Issue.record("no crossfade"); return }
    #expect(abs(Double(own.overlap) - 16 * 60 / 124 * Double(Self.rate)) <= 2 && own.outCurve == .linear)
  }

  @Test func aCountedCrossfadeFromATrackWithNoTempoIsRefused() throws {
    let folder = TemporaryFolder("segue-counted-no-tempo")
    let pad = try Self.write(Signal.noise(channels: 2, frames: Self.rate * 20), folder.file("pad.flac"))
    var mix = MixOptions()
    mix.crossfadeBeats = 16
    let error = #expect(throws: RenderError.self) {
      try Renderer.plan(RenderRequest(inputs: [InputSource(path: pad), InputSource(path: try Self.beats(124, folder))], outputPath: folder.file("x.wav"), mix: mix, cache: nil))
    }
    #expect(error?.description == "\(pad): its crossfade is counted in beats, but no steady tempo was found in it; give the entry a 'bpm'")
  }

  @Test func withAutomaticCuesTransitionsStartOnAPhrase() throws {
    let folder = TemporaryFolder("segue-phrase")
    let paths = [try Self.beats(124, folder, seconds: 71.3), try Self.beats(126, folder)]
    var mix = MixOptions(crossfade: 6)
    mix.beatMatching.enabled = true
    mix.silence.autoCue = true
    let mixPlan = try Renderer.plan(RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("x.wav"), mix: mix, cache: nil))
    guard case .matched(let match) = mixPlan.plan.transitions[0].beatMatch else { Issue.record("not matched"); return }
    // The outgoing track's first downbeat is its first kick (0.1717 s); a phrase is 16 beats.
    let outgoing = mixPlan.plan.timeline.clips[0]
    let source = Double(match.alignedAt - outgoing.start + outgoing.inPoint) / Double(Self.rate)
    let beat = (source - 0.1717) / (60 / 124)
    #expect(abs(beat - (beat / 16).rounded() * 16) < 0.01, "aligned on beat \(beat)")
  }

  @Test func anEntryStretchedToATempoPlaysAtIt() throws {
    let folder = TemporaryFolder("segue-entry-tempo")
    var input = InputSource(path: try Self.beats(124, folder))
    input.options.stretch = StretchSpec(tempo: 128)
    let plan = try Renderer.plan(RenderRequest(inputs: [input], outputPath: folder.file("x.wav"), cache: nil)).plan
    let clip = plan.timeline.clips[0]
    let stretch = try #require(clip.stretch)
    #expect(abs(Double(clip.duration) / Double(stretch.sourceFrames) - 124.0 / 128) < 1e-6 && stretch.method == .preservePitch)
    #expect(plan.notes.contains { $0.contains("stretched to 128.00 BPM from 124.00 by length ratio 0.968") }, "\(plan.notes)")
  }

  // Review findings, each a test that failed before its fix.

  @Test func aBeatMatchedMixFitsALength() throws {
    let folder = TemporaryFolder("segue-beatmatch-fit")
    let paths = [try Self.beats(124, folder, seconds: 23.9), try Self.beats(128, folder, seconds: 31.3)]
    var mix = MixOptions(crossfade: 6)
    mix.beatMatching.enabled = true
    mix.eqSwap = true
    let unfitted = try Renderer.plan(RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("x.wav"), mix: mix, cache: nil))
    var request = RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("fitted.wav"), mix: mix, cache: nil)
    let target = (Double(unfitted.plan.timeline.frameCount) * 0.97).rounded() / Double(Self.rate)
    request.fit = FitRequest(seconds: target, method: .preservePitch)
    // Before, the head's key frames stayed where they were and Rubber Band refused them.
    let report = try Renderer.render(request)
    #expect(report.outputFrameCount == Int64((target * Double(Self.rate)).rounded()))
    let head = try #require(report.plan.timeline.clips.first { $0.item == 1 })
    #expect(head.stretch!.keyFrames.allSatisfy { $0.clip < head.duration })
    #expect(head.lowBandSwaps.allSatisfy { $0.span.upperBound <= head.duration })
  }

  @Test func aLongerCrossfadeAfterABeatMatchedTrackFallsBackInsteadOfFailing() throws {
    let folder = TemporaryFolder("segue-beatmatch-room")
    var inputs = [try Self.beats(124, folder, seconds: 30.1), try Self.beats(126, folder, seconds: 40.3), try Self.beats(125, folder, seconds: 30.7)]
      .map { InputSource(path: $0) }
    inputs[1].options.transition = .crossfade(.symmetric(25, curve: .fixed(.equalPower)))
    var mix = MixOptions(crossfade: 6)
    mix.beatMatching.enabled = true
    // Before, the second track was matched with room for a 6 s crossfade after it, and its own
    // 25 s one failed the plan as longer than the track.
    let plan = try Renderer.plan(RenderRequest(inputs: inputs, outputPath: folder.file("x.wav"), mix: mix, cache: nil)).plan
    #expect(plan.notes.contains { $0.contains("beats not matched: the incoming track is too short to return to its own tempo over 8 bars") })
  }

  @Test func whatIsAskedForAndNotDoneIsSaid() throws {
    let folder = TemporaryFolder("segue-beatmatch-said")
    let paths = [try Self.beats(124, folder), try Self.beats(126, folder)]
    var mix = MixOptions()
    mix.beatMatching.enabled = true
    let gapless = try Renderer.plan(RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("x.wav"), mix: mix, cache: nil))
    #expect(gapless.plan.notes.contains { $0.hasSuffix("not a crossfade, so beats are not matched and the bass is not swapped") })

    let pad = try Self.write(Signal.noise(channels: 2, frames: Self.rate * 20), folder.file("pad.flac"))
    let playlist = folder.file("set.yaml")
    try "version: 1\nentries:\n  - file: \(pad)\n    bpm: 120\n".write(toFile: playlist, atomically: true, encoding: .utf8)
    let report = try AnalysisReport.measure([playlist], cache: nil)
    #expect(report.notes.contains { $0.hasSuffix("its beats are counted from the start of the file: it gives a bpm, no first-beat, and no steady beat was found in it") })
  }

  @Test func aTempoAnOctaveAwayIsTheSameBeat() throws {
    let folder = TemporaryFolder("segue-tempo-octave")
    var input = InputSource(path: try Self.beats(124, folder))
    input.options.stretch = StretchSpec(tempo: 256)
    let plan = try Renderer.plan(RenderRequest(inputs: [input], outputPath: folder.file("x.wav"), cache: nil)).plan
    let clip = plan.timeline.clips[0]
    #expect(abs(Double(clip.duration) / Double(clip.stretch!.sourceFrames) - 124.0 / 128) < 1e-4)
  }
}
