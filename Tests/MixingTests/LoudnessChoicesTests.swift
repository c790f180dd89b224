import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// The choices around levelling: gains from tags, capping instead of limiting, one gain for the
/// programme, an entry left alone, metering without levelling and ReplayGain tags on the output.
@Suite struct LoudnessChoicesTests {
  static let rate = 44_100

  /// A stereo tone with a little noise, as a float WAV input.
  static func tone(_ fixture: MixFixture, _ name: String, frames: Int, amplitude: Double, seed: UInt64 = 1) throws -> InputSource {
    try fixture.track(name, Signal.sine(frequency: 440, sampleRate: rate, channels: 2, frames: frames, amplitude: amplitude, noise: amplitude / 20, seed: seed))
  }

  /// The gain of each track in dB, as the plan applies it.
  static func gains(_ report: RenderReport) -> [Double] {
    report.timeline.clips.map { (20 * log10($0.gain) * 1000).rounded() / 1000 }
  }

  /// A FLAC file carrying ReplayGain tags is levelled from its tags (-18 - gain, no analysis: it
  /// is never decoded for its facts); an untagged one beside it is analysed.
  @Test func tagsGiveTheLoudnessWhereTheyAreThere() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let plain = try Self.tone(fixture, "plain", frames: 154_321, amplitude: 0.1)
    let tagged = fixture.folder.file("tagged.flac")
    try FFmpegCLI.make(["-i", plain.path, "-metadata", "REPLAYGAIN_TRACK_GAIN=-2.50 dB", "-metadata", "REPLAYGAIN_TRACK_PEAK=0.5", tagged])
    let cache = FactsCache(folder: fixture.folder.file("cache"))
    var request = RenderRequest(
      inputs: [InputSource(path: tagged), plain], outputPath: fixture.folder.file("out.wav"),
      mix: MixOptions(loudness: LoudnessOptions(targetLUFS: -20, scope: .track, gainSource: .tags)), cache: cache)
    request.overwrite = true
    let report = try Renderer.render(request)
    let decisions = try #require(report.levelling?.decisions)
    #expect(decisions[0].loudnessLUFS == -15.5 && decisions[0].gainDB == -4.5 && decisions[0].basis == "track")
    #expect(FactsDecodes.count(for: tagged) == 0, "the tagged file was decoded for its facts")
    #expect(FactsDecodes.count(for: plain.path) == 1)
    #expect(abs(try LoudnessJudge.measure(plain.path).integrated - (decisions[1].loudnessLUFS ?? 0)) <= 0.1)
  }

  /// With the tempo needed too (beat matching), an untagged track is decoded once for its tempo
  /// and its loudness together, and a tagged one once, for its tempo alone.
  @Test func anUntaggedTrackIsDecodedOnceForEverythingItNeeds() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let plain = try Self.tone(fixture, "plain", frames: 154_327, amplitude: 0.1)
    let tagged = fixture.folder.file("tagged.flac")
    try FFmpegCLI.make(["-i", plain.path, "-metadata", "REPLAYGAIN_TRACK_GAIN=-2.50 dB", "-metadata", "REPLAYGAIN_TRACK_PEAK=0.5", tagged])
    var mix = MixOptions(crossfade: 1.5, loudness: LoudnessOptions(targetLUFS: -20, scope: .track, gainSource: .tags))
    mix.beatMatching.enabled = true
    var request = RenderRequest(inputs: [InputSource(path: tagged), plain], outputPath: fixture.folder.file("out.wav"), mix: mix, cache: nil)
    request.overwrite = true
    let report = try Renderer.render(request)
    #expect(report.levelling?.decisions.map(\.basis) == ["track", "track"])
    #expect(FactsDecodes.count(for: tagged) == 1)
    #expect(FactsDecodes.count(for: plain.path) == 1, "the untagged track was decoded again for its loudness")
  }

  /// `--peak-policy cap`: a gain that would pass the ceiling is lowered until the true peak fits
  /// (so the track ends under its target, and the plan says by how much); nothing is limited.
  @Test func capLowersTheGainInsteadOfLimiting() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    var samples = Signal.noise(channels: 2, frames: 187_111, amplitude: 0.01, seed: 9)
    for frame in stride(from: 22_050, to: 160_000, by: 40_000) { samples[frame * 2] = 0.7 }
    let input = try fixture.track("spiky", samples)
    let mix = MixOptions(loudness: LoudnessOptions(targetLUFS: -14, peakPolicy: .cap))
    let (report, output) = try fixture.render([input], mix: mix)
    let decision = try #require(report.levelling?.decisions.first)
    guard case .capped(let by) = decision.peak else { Issue.record("not capped: \(decision)"); return }
    #expect(by > 10)
    #expect(!report.allNotes.contains { $0.hasPrefix("the limiter held") }, "\(report.allNotes)")
    let gain = Float(report.timeline.clips[0].gain)
    #expect(samples.indices.allSatisfy { output[$0] == samples[$0] * gain }, "the capped gain is one constant")
    #expect(try LoudnessJudge.measure(fixture.folder.file("mix.wav")).truePeak <= -1.0)
  }

  /// `program` scope gives every track one gain, from their joint loudness; an entry with
  /// `loudness: off` keeps its level and is said to.
  @Test func programScopeIsOneGainAndAnExemptEntryKeepsItsLevel() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    var exempt = try Self.tone(fixture, "jingle", frames: 66_151, amplitude: 0.3, seed: 4)
    exempt.options.loudnessExempt = true
    let inputs = [
      try Self.tone(fixture, "a", frames: 132_301, amplitude: 0.05), exempt, try Self.tone(fixture, "b", frames: 121_013, amplitude: 0.2, seed: 2),
    ]
    let (report, _) = try fixture.render(inputs, mix: MixOptions(loudness: LoudnessOptions(targetLUFS: -16, scope: .program)))
    let gains = Self.gains(report)
    #expect(gains[0] == gains[2] && gains[0] != 0 && gains[1] == 0, "\(gains)")
    #expect(report.allNotes.contains { $0.hasSuffix("jingle: left at its level (loudness: off)") }, "\(report.allNotes)")
    #expect(report.levelling?.decisions[0].basis == "program")
  }

  /// `measure` alone meters the output and changes nothing: a plain lossless join stays
  /// bit-identical, and the summary gives loudness and true peak as the judge measures them.
  @Test func measuringAloneChangesNoSample() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let samples = Signal.sine(frequency: 1_000, sampleRate: Self.rate, channels: 2, frames: 143_551, amplitude: 0.4)
    let input = try fixture.track("tone", samples)
    let (report, output) = try fixture.render([input], mix: MixOptions(loudness: LoudnessOptions(measure: true)))
    #expect(output.elementsEqual(samples))
    let loudness = try #require(report.loudness)
    let judged = try LoudnessJudge.measure(fixture.folder.file("mix.wav"))
    #expect(abs((loudness.integratedLUFS ?? 0) - judged.integrated) <= 0.1)
    #expect(abs((loudness.truePeakDBTP ?? 0) - judged.truePeak) <= 0.2)
    #expect(report.allNotes.contains { $0.hasPrefix("the output measures") })
    #expect(report.levelling == nil)
  }

  /// `--write-replaygain` tags a FLAC output with what the meter measured; a WAV output, or
  /// standard output, is refused before anything is written.
  @Test func replayGainTagsTheOutput() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let input = try Self.tone(fixture, "tone", frames: 99_991, amplitude: 0.25)
    let options = LoudnessOptions(targetLUFS: -14, writeReplayGain: true)
    let (report, _) = try fixture.render([input], mix: MixOptions(loudness: options), output: "tagged.flac", options: OutputOptions())
    let gain = try #require(report.loudness?.integratedLUFS).advanced(by: 0)
    let probe = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "format_tags=REPLAYGAIN_TRACK_GAIN", "-of", "csv=p=0", fixture.folder.file("tagged.flac")])
    #expect(String(decoding: probe.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == String(format: "%.2f dB", -18 - gain))

    for output in ["tagged.wav", "-"] {
      var request = RenderRequest(inputs: [input], outputPath: fixture.folder.file(output), mix: MixOptions(loudness: options), cache: nil)
      if output == "-" { request.outputPath = "-"; request.output.format = .flac }
      #expect(throws: RenderError.self) { try Renderer.render(request) }
    }
    #expect(!FileManager.default.fileExists(atPath: fixture.folder.file("tagged.wav")))
  }
}
