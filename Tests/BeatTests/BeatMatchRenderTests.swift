import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// `--beatmatch`: a 124 BPM track into a 128 BPM one, each kick of the incoming track on a kick
/// of the outgoing one through the crossfade, back at its own tempo after the ramp.
@Suite("Beat-matched renders")
struct BeatMatchRenderTests {
  static let rate = 44100

  /// Renders `a` into `b` with an 8 s beat-matched crossfade, the tracks at the gains given
  /// (a gain of -96 dB all but mutes one), and returns the report and the decoded output.
  static func render(
    _ folder: TemporaryFolder, _ paths: [String], gains: [Double?] = [nil, nil], name: String, settings: BeatMatchSettings
  ) throws -> (RenderReport, [Float]) {
    let inputs = zip(paths, gains).map { path, gain in
      var options = EntryOptions()
      options.gainDB = gain
      return InputSource(path: path, options: options)
    }
    var mix = MixOptions(crossfade: 8)
    mix.beatMatching = settings
    let output = folder.file("\(name).wav")
    let report = try Renderer.render(
      RenderRequest(inputs: inputs, outputPath: output, output: OutputOptions(bitDepth: 32), mix: mix, verify: true, cache: FactsCache(folder: folder.file("cache"))))
    return (report, try FFmpegCLI.decodeFloat(output))
  }

  static func tracks(in folder: TemporaryFolder) throws -> [String] {
    // Kicks alone, so every onset is a kick.
    var tracks = [BeatTrack(beatsPerMinute: 124, firstBeat: 0.3137, seconds: 41.7), BeatTrack(beatsPerMinute: 128, firstBeat: 0.2291, seconds: 58.9)]
    for index in tracks.indices { tracks[index].hatAmplitude = 0 }
    return try tracks.enumerated().map { index, track in
      let path = folder.file("t\(index).flac")
      try AudioFile.write(track.samples, layout: PCMLayout(sampleRate: rate, channelCount: 2), to: path, options: OutputOptions(bitDepth: 24))
      return path
    }
  }

  @Test func incomingKicksLandOnOutgoingKicksThenReturnToTheirTempo() throws {
    let folder = TemporaryFolder("segue-beatmatch")
    let paths = try Self.tracks(in: folder)
    var settings = BeatMatchSettings()
    settings.enabled = true
    let (mixed, whole) = try Self.render(folder, paths, name: "mix", settings: settings)
    let (_, outgoingAlone) = try Self.render(folder, paths, gains: [nil, -96], name: "a", settings: settings)
    let (_, incomingAlone) = try Self.render(folder, paths, gains: [-96, nil], name: "b", settings: settings)

    let timeline = mixed.plan.timeline
    // The length `plan` gives, to the frame.
    var planned = MixOptions(crossfade: 8)
    planned.beatMatching = settings
    let plan = try Renderer.plan(RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("plan.wav"), mix: planned, cache: nil))
    #expect(plan.plan.timeline.frameCount == timeline.frameCount)
    #expect(mixed.outputFrameCount == timeline.frameCount)
    #expect(Int64(whole.count / 2) == timeline.frameCount)
    let transition = try #require(mixed.plan.transitions.first)
    guard case .matched(let match) = transition.beatMatch else {
      Issue.record("not matched: \(String(describing: transition.beatMatch))")
      return
    }
    #expect(abs(match.outgoingBPM - 124) < 0.05 && abs(match.incomingBPM - 128) < 0.05)
    #expect(match.method == .preservePitch && match.rampBars == 8)
    // The incoming item: its stretched head, then its tail at its own tempo.
    let incoming = timeline.clips.filter { $0.item == 1 }
    try #require(incoming.count == 2)
    let seconds = { (frame: Int64) in Double(frame) / Double(Self.rate) }
    // The overlap from where the incoming track's fade-in is within 40 dB of full level (earlier,
    // the faded kick's first milliseconds are too quiet to find).
    let overlapSeconds = seconds(timeline.clips[0].end - incoming[0].start)
    let overlap = (seconds(incoming[0].start) + 2 * asin(0.01) / Double.pi * overlapSeconds)..<seconds(timeline.clips[0].end)
    let outgoingKicks = ClickOnsets.find(outgoingAlone, channels: 2, sampleRate: Self.rate)
    let incomingKicks = ClickOnsets.find(incomingAlone, channels: 2, sampleRate: Self.rate, within: overlap)
    #expect(incomingKicks.count >= 14, "\(incomingKicks.count) kicks in the overlap")
    var worst = 0.0
    for kick in incomingKicks {
      worst = max(worst, outgoingKicks.map { abs($0 - kick) }.min() ?? .infinity)
    }
    #expect(worst <= 0.005, "an incoming kick is \(worst * 1000) ms from the nearest outgoing kick")

    let after = ClickOnsets.find(incomingAlone, channels: 2, sampleRate: Self.rate, within: (seconds(incoming[1].start) + 0.5)..<(seconds(timeline.frameCount) - 0.5))
    try #require(after.count > 20)
    let spacing = (after.last! - after.first!) / Double(after.count - 1)
    #expect(abs(60 / spacing - 128) < 0.1, "after the ramp the kicks come at \(60 / spacing) BPM")
    print("beat-matched: worst \(worst * 1000) ms over \(incomingKicks.count) kicks; after the ramp \(60 / spacing) BPM")
  }
}
