import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Segue measures mono as dual mono (as it plays on two speakers, podcast practice), 3 LU above
/// what a single-channel reading (the ffmpeg CLI's ebur128, pyloudnorm) gives; every mono figure
/// says so.
@Suite struct MonoLoudnessTests {
  let fixture = MixFixture(sampleRate: 44_100, channels: 1)

  @Test func analyzeMarksMonoTracks() throws {
    let mono = try fixture.track("episode", Signal.noise(channels: 1, frames: 150_011, amplitude: 0.05, seed: 2))
    let stereo = fixture.folder.file("music.wav")
    try AudioFile.write(
      Signal.noise(channels: 2, frames: 140_009, amplitude: 0.05, seed: 3), layout: PCMLayout(sampleRate: 44_100, channelCount: 2), to: stereo,
      options: OutputOptions(bitDepth: 32))
    let report = try AnalysisReport.measure([mono.path, stereo], tempo: false, cache: nil)
    #expect(report.tracks.map(\.loudnessConvention) == ["dual-mono", nil])
    #expect(report.json().contains(#""loudnessConvention" : "dual-mono""#))
    let table = report.table().split(separator: "\n")
    #expect(table[1].contains("*") && !table[2].contains("*"), "\(table)")
    #expect(table.contains { $0.hasPrefix("* mono, measured as dual mono") }, "\(table)")
  }

  @Test func aMonoRendersLoudnessSaysDualMono() throws {
    let mono = try fixture.track("episode", Signal.noise(channels: 1, frames: 150_011, amplitude: 0.05, seed: 2))
    let mix = MixOptions(loudness: LoudnessOptions(targetLUFS: -16))
    let (report, _) = try fixture.render([mono], mix: mix)
    #expect(report.loudness?.convention == "dual-mono")
    #expect(report.allNotes.contains { $0.hasPrefix("the output measures") && $0.contains("measured as dual mono") }, "\(report.allNotes)")
    #expect(RenderSummaryReport(report).json().contains(#""convention" : "dual-mono""#))
    let single = try LoudnessJudge.measure(fixture.folder.file("mix.wav")).integrated
    #expect(abs(single - (-19.01)) < 0.1, "a single-channel reading: \(single) LUFS")
  }
}
