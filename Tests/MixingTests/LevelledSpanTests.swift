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
  /// 4 dB quieter than it is comes out 4 LU over the target, and the summary says so and why.
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
    let flagged = report.allNotes.filter { $0.contains("levelling aimed it at") }
    #expect(flagged.count == 1, "\(report.allNotes)")
    let note = flagged.first ?? ""
    #expect(note.hasPrefix("tagged, where it plays alone") && note.contains("measures -12.0 LUFS in the output, 4.0 LU over the -16.0 LUFS"), "\(note)")
    #expect(note.contains("its gain came from its ReplayGain tags"), "\(note)")
  }

  /// Three tracks whose first and last 9 s are 6 dB quieter than their middle, crossfaded over
  /// 9 s: where the middle track plays alone it is louder than the whole track, so its span
  /// measures over the target, as its gain makes it. The summary says so, with the part's
  /// figures in the output and in the file (both judged by ffmpeg), and flags nothing.
  @Test func aSpanLouderThanItsWholeTrackIsExplainedNotFlagged() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let edge = 9 * Self.rate + 317
    func track(_ name: String, seed: UInt64, middle: Int) throws -> InputSource {
      let quiet = { (seed: UInt64) in Signal.noise(channels: 2, frames: edge, amplitude: 0.025, seed: seed) }
      return try fixture.track(name, quiet(seed) + Signal.noise(channels: 2, frames: middle, amplitude: 0.05, seed: seed + 1) + quiet(seed + 2))
    }
    let middle = 17 * Self.rate + 5
    let inputs = [
      try track("one", seed: 20, middle: 20 * Self.rate + 11), try track("two", seed: 30, middle: middle),
      try track("three", seed: 40, middle: 19 * Self.rate + 3),
    ]
    let mix = MixOptions(crossfade: 9, loudness: LoudnessOptions(targetLUFS: -20, scope: .track))
    let (report, _) = try fixture.render(inputs, mix: mix, output: "mix.flac", options: OutputOptions())
    let clip = try #require(report.timeline.clips.first { $0.source == 1 })
    let solo = fixture.seconds(Int(clip.start) + 9 * Self.rate)..<fixture.seconds(Int(clip.end) - 9 * Self.rate)
    let output = try LoudnessJudge.measure(fixture.folder.file("mix.flac"), seconds: solo).integrated
    let file = try LoudnessJudge.measure(inputs[1].path, seconds: 9..<fixture.seconds(2 * edge + middle - 9 * Self.rate)).integrated
    #expect(output > -19.5, "the part plays \(output) LUFS, over the target as its gain makes it")
    let notes = report.allNotes.filter { $0.hasPrefix("two, where it plays alone") }
    #expect(notes.count == 1, "\(report.allNotes)")
    let note = notes.first ?? ""
    #expect(note.contains(String(format: "measures %.1f LUFS in the output", output)), "ffmpeg: \(output) LUFS; \(note)")
    #expect(note.contains(String(format: "it measures %.1f LUFS before its", file)), "ffmpeg: \(file) LUFS; \(note)")
    #expect(note.contains(String(format: "its gain makes that part %.1f LUFS", output)) && !note.contains("moved by"), "\(note)")
  }

  /// Three real tracks crossfaded and levelled: every span the summary speaks of measures, by
  /// ffmpeg over the times the note gives, what the note says; a span is flagged only when the
  /// bus moved it more than 0.5 LU from what its gain makes it and it misses its aim by as much,
  /// and otherwise explained.
  @Test(.enabled(if: RealMusic.isExpected)) func realSpansSayWhatTheyMeasure() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let inputs = try ["Jungle", "Fruit", "Olympics"].map { (name: String) in InputSource(path: try RealMusic.path("\(name).ogg"), displayName: name) }
    let mix = MixOptions(crossfade: 12, loudness: LoudnessOptions(targetLUFS: -14, scope: .track))
    let (report, _) = try fixture.render(inputs, mix: mix, output: "mix.flac", options: OutputOptions())
    let notes = report.allNotes.filter { $0.contains("where it plays alone") }
    #expect(!notes.isEmpty, "\(report.allNotes)")
    for note in notes {
      let times = try #require(note.firstMatch(of: /\((\d+):(\d+\.\d+)–(\d+):(\d+\.\d+)\)/), "\(note)")
      let span = (Double(times.1)! * 60 + Double(times.2)!)..<(Double(times.3)! * 60 + Double(times.4)!)
      let said = try #require(note.firstMatch(of: /measures (-?\d+\.\d) LUFS in the output/), "\(note)")
      let made = try #require(note.firstMatch(of: /makes that part (-?\d+\.\d) LUFS/), "\(note)")
      let aim = try #require(note.firstMatch(of: /the (-?\d+\.\d) LUFS levelling aimed/), "\(note)")
      let measured = try LoudnessJudge.measure(fixture.folder.file("mix.flac"), seconds: span).integrated
      #expect(abs(measured - Double(said.1)!) <= 0.1, "ffmpeg: \(measured) LUFS; \(note)")
      let flagged = abs(Double(said.1)! - Double(made.1)!) > 0.5 && abs(Double(said.1)! - Double(aim.1)!) > 0.5
      #expect(flagged == note.hasPrefix("warning: "), "\(note)")
    }
  }
}
