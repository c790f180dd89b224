import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Levelling is judged where it is heard: each levelled track's span of the output, measured by
/// the ffmpeg CLI, lands on the target whatever the mix does to the track on its way (a downmix),
/// and what the encoder of a lossy output does is measured on the file as written.
@Suite struct LevelledSpanTests {
  static let rate = 44_100

  /// Speech-like bursts of noise, in one channel.
  static func speech(frames: Int, amplitude: Double, seed: UInt64) -> [Float] {
    let noise = Signal.noise(channels: 1, frames: frames, amplitude: amplitude, seed: seed)
    return noise.enumerated().map { index, sample in
      let t = Double(index) / Double(rate)
      return t.truncatingRemainder(dividingBy: 0.3) < 0.18 ? sample : sample * 0.02
    }
  }

  /// An audiobook whose second chapter is stereo (the same voice in both channels) in a mono
  /// mix: the downmix adds 3 dB to it, and levelling must hear that, chapter by chapter.
  @Test func aStereoChapterInAMonoMixIsLevelledAsItPlays() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 1)
    let first = try fixture.track("one", Self.speech(frames: 177_831, amplitude: 0.05, seed: 3))
    let stereo = fixture.folder.file("two.wav")
    let voice = Self.speech(frames: 193_117, amplitude: 0.08, seed: 4)
    try AudioFile.write(voice.flatMap { [$0, $0] }, layout: PCMLayout(sampleRate: Self.rate, channelCount: 2), to: stereo, options: OutputOptions(bitDepth: 32))
    let third = try fixture.track("three", Self.speech(frames: 160_019, amplitude: 0.03, seed: 5))
    let inputs = [first, InputSource(path: stereo, displayName: "two"), third]
    let mix = MixOptions(loudness: LoudnessOptions(targetLUFS: -18, scope: .track))
    let (report, _) = try fixture.render(inputs, mix: mix)
    #expect(report.layout.channelCount == 1)
    for clip in report.timeline.clips {
      let span = fixture.seconds(Int(clip.start))..<fixture.seconds(Int(clip.end))
      let measured = try LoudnessJudge.measure(fixture.folder.file("mix.wav"), mono: true, seconds: span).integrated
      #expect(abs(measured + 18) <= 0.2, "track \(clip.source + 1) measures \(measured) LUFS in the output")
    }
    #expect(report.allNotes.contains { $0.contains("two") && $0.contains("as the mix plays it") && $0.contains("2 channels to 1") }, "\(report.allNotes)")
  }

  /// MP3 at 128k cuts what lies above about 17 kHz: white noise levelled to -14 LUFS measures
  /// quieter in the file, and the summary gives the file's figure and says why.
  @Test func aLossyOutputIsMeasuredAsWritten() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let inputs = [
      try fixture.track("hiss", Signal.noise(channels: 2, frames: 281_003, amplitude: 0.1, seed: 9)),
      try fixture.track("more", Signal.noise(channels: 2, frames: 250_013, amplitude: 0.05, seed: 10)),
    ]
    let mix = MixOptions(loudness: LoudnessOptions(targetLUFS: -14, scope: .track))
    let (report, _) = try fixture.render(inputs, mix: mix, output: "mix.mp3", options: OutputOptions(bitRate: 128_000))
    let judged = try LoudnessJudge.measure(fixture.folder.file("mix.mp3")).integrated
    let reported = try #require(report.loudness?.integratedLUFS)
    #expect(abs(reported - judged) <= 0.15, "reported \(reported) LUFS, the file measures \(judged)")
    #expect(report.allNotes.contains { $0.contains("hiss") && $0.contains("low-pass") }, "\(report.allNotes)")
  }

  /// Gains read from tags are only as right as the tags: a track whose ReplayGain tag says it is
  /// 4 dB quieter than it is comes out 4 LU over the target, and the summary says so.
  @Test func aSpanOffItsTargetIsFlagged() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let honest = try fixture.track("honest", Signal.noise(channels: 2, frames: 201_011, amplitude: 0.05, seed: 12))
    let raw = try fixture.track("raw", Signal.noise(channels: 2, frames: 199_007, amplitude: 0.05, seed: 13))
    let measured = try LoudnessJudge.measure(raw.path).integrated
    let tagged = fixture.folder.file("tagged.flac")
    // ReplayGain 2: gain = -18 - loudness, so a tag 4 dB too high claims a track 4 LU quieter.
    try FFmpegCLI.make(["-i", raw.path, "-metadata", String(format: "REPLAYGAIN_TRACK_GAIN=%+.2f dB", -18 - measured + 4), "-c:a", "flac", tagged])
    let honestTag = fixture.folder.file("honest.flac")
    let honestLUFS = try LoudnessJudge.measure(honest.path).integrated
    try FFmpegCLI.make(["-i", honest.path, "-metadata", String(format: "REPLAYGAIN_TRACK_GAIN=%+.2f dB", -18 - honestLUFS), "-c:a", "flac", honestTag])
    let inputs = [InputSource(path: honestTag, displayName: "honest"), InputSource(path: tagged, displayName: "tagged")]
    let mix = MixOptions(loudness: LoudnessOptions(targetLUFS: -16, scope: .track, gainSource: .tags))
    let (report, _) = try fixture.render(inputs, mix: mix, output: "mix.flac", options: OutputOptions())
    let flagged = report.allNotes.filter { $0.contains("levelling aimed at") }
    #expect(flagged.count == 1, "\(report.allNotes)")
    #expect(flagged.first?.hasPrefix("tagged measures -12.0") == true && flagged.first?.contains("4.0 LU over the -16.0 LUFS") == true, "\(flagged)")
  }
}
