import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// Loudness levelling in a render, judged by the ffmpeg CLI's `ebur128` filter: every track on
/// target, no true peak over the ceiling, and a gain that is one constant wherever nothing was
/// limited.
@Suite struct LoudnessLevellingTests {
  static let rate = 44_100

  /// Noise in syllable-like bursts (180 ms on, 120 ms off) with a pause every 1.3 s: speech-like.
  static func speechLike(frames: Int) -> [Float] {
    let noise = Signal.noise(channels: 2, frames: frames, amplitude: 0.06, seed: 11)
    return noise.enumerated().map { index, sample in
      let t = Double(index / 2) / Double(rate)
      let talking = t.truncatingRemainder(dividingBy: 0.3) < 0.18 && t.truncatingRemainder(dividingBy: 1.3) < 1.0
      return talking ? sample : sample * 0.02
    }
  }

  /// Quiet noise with a click near full scale every 0.9 s, none in the first or last half second:
  /// a high crest factor, whose clicks a loudness gain pushes far over the ceiling.
  static func clicks(frames: Int) -> [Float] {
    var samples = Signal.noise(channels: 2, frames: frames, amplitude: 0.02, seed: 5)
    var frame = rate / 2
    while frame < frames - rate / 2 {
      for offset in 0..<3 { samples[(frame + offset) * 2] = 0.9; samples[(frame + offset) * 2 + 1] = -0.85 }
      frame += rate * 9 / 10
    }
    return samples
  }

  /// Four tracks of different loudness (speech-like, a tone with noise, clicks over quiet noise,
  /// a mono tone) levelled to -14 LUFS under -1 dBTP: each measures -14 ± 0.1 LU and at most
  /// -1.0 dBTP by the judge, the clicks' track included (it is limited, with make-up); the tracks
  /// that needed no limiting carry one constant gain on every sample; the rate is kept.
  @Test func fourTracksLandOnTargetUnderTheCeiling() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let mono = fixture.folder.file("mono.wav")
    try AudioFile.write(
      Signal.sine(frequency: 1_000, sampleRate: Self.rate, channels: 1, frames: 291_007, amplitude: 0.1), layout: PCMLayout(sampleRate: Self.rate, channelCount: 1),
      to: mono, options: OutputOptions(bitDepth: 32))
    let inputs = [
      try fixture.track("speech", Self.speechLike(frames: 277_831)),
      try fixture.track("tone", Signal.sine(frequency: 440, sampleRate: Self.rate, channels: 2, frames: 313_117, amplitude: 0.5, noise: 0.03)),
      try fixture.track("clicks", Self.clicks(frames: 260_189)),
      InputSource(path: mono, displayName: "mono"),
    ]
    let mix = MixOptions(loudness: LoudnessOptions(targetLUFS: -14, truePeakDBTP: -1))
    let (report, output) = try fixture.render(inputs, mix: mix)
    #expect(report.layout.sampleRate == Self.rate)
    let decisions = try #require(report.levelling?.decisions)
    #expect(decisions.count == 4)
    guard case .limited = decisions[2].peak else { Issue.record("the clicks' track is not limited: \(decisions[2])"); return }

    let path = fixture.folder.file("mix.wav")
    for (clip, decision) in zip(report.timeline.clips, decisions) {
      let seconds = Double(clip.start) / Double(Self.rate)..<Double(clip.end) / Double(Self.rate)
      let judged = try LoudnessJudge.measure(path, seconds: seconds)
      #expect(abs(judged.integrated + 14) <= 0.1, "track \(clip.source + 1): \(judged.integrated) LUFS")
      #expect(judged.truePeak <= -1.0, "track \(clip.source + 1): \(judged.truePeak) dBTP")
      guard decision.peak == .fits else { continue }
      let input = try AudioFile.read(path: inputs[clip.source].path).samples
      let inputChannels = input.count / Int(clip.duration)
      let gain = Float(clip.gain)
      var differing = 0
      for frame in 0..<Int(clip.duration) {
        for channel in 0..<2 where output[(Int(clip.start) + frame) * 2 + channel] != input[frame * inputChannels + channel % inputChannels] * gain {
          differing += 1
        }
      }
      #expect(differing == 0, "track \(clip.source + 1): \(differing) samples off its constant gain")
    }
    #expect(try LoudnessJudge.measure(path).truePeak <= -1.0)
  }

  /// A lossy output is measured twice: the PCM the encoder got, and the written stream decoded
  /// again as it is written. Dense noise levelled to -4 LUFS, limited to -1 dBTP and encoded as 96 kb/s MP3 comes back
  /// with its true peak pushed up; the decoded figure agrees with the judge's reading of the file
  /// (within 0.2 dB), and the encoder's overshoot past the ceiling is reported.
  @Test func lossyOutputIsMeasuredAsDecoded() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let inputs = [try fixture.track("noise", Signal.noise(channels: 2, frames: 300_007, amplitude: 0.5, seed: 3))]
    let mix = MixOptions(loudness: LoudnessOptions(targetLUFS: -4, truePeakDBTP: -1))
    let (report, _) = try fixture.render(inputs, mix: mix, output: "mix.mp3", options: OutputOptions(bitRate: 96_000))
    let loudness = try #require(report.loudness)
    let decoded = try #require(loudness.decodedTruePeakDBTP)
    let judged = try LoudnessJudge.measure(fixture.folder.file("mix.mp3"))
    #expect(abs(decoded - judged.truePeak) <= 0.2, "decoded again \(decoded) dBTP, judged \(judged.truePeak) dBTP")
    #expect(try #require(loudness.truePeakDBTP) <= -1)
    #expect(decoded > -0.95, "the encoder pushed the peak only to \(decoded) dBTP")
    #expect(report.allNotes.contains { $0.hasPrefix("warning: the MP3 encoder pushed the file's true peak to ") }, "\(report.allNotes)")
  }

  /// Two tracks of one album (tones 6 dB apart): `auto` scope gives both one gain, so the output
  /// keeps their loudness difference exactly (every sample is its input times that one gain; the
  /// judge, which prints tenths, agrees within its rounding); `track` scope brings each to the target.
  @Test func albumScopeKeepsTheDifferenceTrackScopeRemovesIt() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    var inputs = [
      try fixture.track("loud", Signal.sine(frequency: 330, sampleRate: Self.rate, channels: 2, frames: 198_451, amplitude: 0.2, noise: 0.01)),
      try fixture.track("soft", Signal.sine(frequency: 550, sampleRate: Self.rate, channels: 2, frames: 203_363, amplitude: 0.1, noise: 0.005, seed: 3)),
    ]
    for index in inputs.indices { inputs[index].album = "One Album" }
    let sources = try inputs.map { try LoudnessJudge.measure($0.path).integrated }
    for scope in [LoudnessScope.auto, .track] {
      let output = "\(scope).wav"
      let (report, _) = try fixture.render(inputs, mix: MixOptions(loudness: LoudnessOptions(targetLUFS: -16, scope: scope)), output: output)
      let clips = report.timeline.clips
      let judged = try clips.map { clip in
        try LoudnessJudge.measure(fixture.folder.file(output), seconds: Double(clip.start) / Double(Self.rate)..<Double(clip.end) / Double(Self.rate)).integrated
      }
      if scope == .auto {
        #expect(clips[0].gain == clips[1].gain)
        let output = try AudioFile.read(path: fixture.folder.file(output)).samples
        for clip in clips {
          let input = try AudioFile.read(path: inputs[clip.source].path).samples
          let gain = Float(clip.gain)
          #expect(input.indices.allSatisfy { output[Int(clip.start) * 2 + $0] == input[$0] * gain })
        }
        #expect(abs((judged[0] - judged[1]) - (sources[0] - sources[1])) <= 0.1 + 1e-9, "\(judged) from \(sources)")
        #expect(report.levelling?.decisions.allSatisfy { $0.basis == "album 'One Album' (tracks 1-2)" } == true)
      } else {
        #expect(judged.allSatisfy { abs($0 + 16) <= 0.1 }, "\(judged)")
      }
    }
  }

  /// Steps of 0.8 at +3 dB go over full scale: with `--peak-policy none` every such sample is
  /// counted in a warning; by default the limiter takes them under full scale, and the samples
  /// far from them keep exactly the gain.
  @Test func aGainThatClipsIsCountedWithoutTheGuardAndLimitedWithIt() throws {
    let fixture = MixFixture(sampleRate: Self.rate, channels: 2)
    let quiet = [Float](repeating: -0.3, count: 2 * 30_011)
    let loud = [Float](repeating: 0.8, count: 2 * 4_409)
    let samples = quiet + loud + quiet
    var input = try fixture.track("steps", samples)
    input.options.gainDB = 3
    let over = samples.filter { abs($0 * Float(pow(10, 3.0 / 20))) > 1 }.count
    #expect(over == 8_818)

    let unguarded = try fixture.render([input], mix: MixOptions(loudness: LoudnessOptions(peakPolicy: .none)), output: "none.wav")
    #expect(unguarded.report.allNotes.contains { $0.hasPrefix("\(over) samples are over full scale (peak +1.1 dBFS, first at 0:00.681)") }, "\(unguarded.report.allNotes)")

    let guarded = try fixture.render([input], output: "guarded.wav")
    #expect(guarded.samples.allSatisfy { abs($0) <= 1 })
    #expect(guarded.report.allNotes.contains { $0.hasPrefix("the limiter held") }, "\(guarded.report.allNotes)")
    let gain = Float(pow(10, 3.0 / 20))
    let far = 4_410  // 100 ms
    let untouched = (0..<(30_011 - far)).allSatisfy { guarded.samples[$0 * 2] == samples[$0 * 2] * gain }
      && ((30_011 + 4_409 + far)..<(2 * 30_011 + 4_409)).allSatisfy { guarded.samples[$0 * 2] == samples[$0 * 2] * gain }
    #expect(untouched)
  }
}
