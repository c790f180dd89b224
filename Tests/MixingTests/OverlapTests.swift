import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// Any number of clips at once, and samples that no fade touches kept bit for bit.
@Suite struct OverlapTests {
  /// A short track inside the crossfades on either side of it: three clips sound at once, and
  /// every sample is the exact sum of the three constant clips at their curves' gains.
  @Test func aShortTrackInsideTwoCrossfadesMixesThreeClipsExactly() throws {
    let fixture = MixFixture()
    let (long, short, overlap) = (6000, 2500, 1600)
    let values: [Float] = [0.5, -0.25, 0.125]
    let inputs = [
      try fixture.constant("a", value: values[0], frames: long),
      try fixture.constant("b", value: values[1], frames: short),
      try fixture.constant("c", value: values[2], frames: long),
    ]
    let (report, samples) = try fixture.render(inputs, mix: MixOptions(crossfade: fixture.seconds(overlap), curve: .fixed(.linear)))
    let clips = report.timeline.clips
    #expect(clips.map(\.start) == [0, 4400, 5300])
    #expect(samples.count == 5300 + long)
    var threeAtOnce = 0
    for frame in 0..<samples.count {
      var expected = 0.0
      for (clip, value) in zip(clips, values) where clip.range.contains(Int64(frame)) {
        expected += Double(value) * clip.volume(at: Int64(frame) - clip.start)
      }
      if clips.filter({ $0.range.contains(Int64(frame)) }).count == 3 { threeAtOnce += 1 }
      #expect(abs(Double(samples[frame]) - expected) < 1e-6, "frame \(frame)")
      if abs(Double(samples[frame]) - expected) >= 1e-6 { break }
    }
    #expect(threeAtOnce == 700)
  }

  /// 16-bit FLAC in, crossfaded, 16-bit FLAC out: every sample outside the fades is the input's.
  @Test func samplesOutsideTheFadesStayBitExact() throws {
    let folder = TemporaryFolder("segue-exact")
    let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
    let frames = 100_003
    let sources = (0..<2).map { Signal.noise(channels: 2, frames: frames, amplitude: 0.4, seed: UInt64(31 + $0)) }
    var inputs: [InputSource] = []
    for (index, samples) in sources.enumerated() {
      let path = folder.file("t\(index).flac")
      try AudioFile.write(samples, layout: layout, to: path, options: OutputOptions(bitDepth: 16))
      inputs.append(InputSource(path: path))
    }
    let output = folder.file("mix.flac")
    let overlap = 22_050
    let report = try Renderer.render(
      RenderRequest(inputs: inputs, outputPath: output, mix: MixOptions(crossfade: 0.5), verify: true))
    #expect(report.timeline.clips[1].start == Int64(frames - overlap))
    let mixed = try AudioFile.read(path: output).samples
    let fadeStart = (frames - overlap) * 2
    let outside = Array(mixed[0..<fadeStart]) + Array(mixed[(frames * 2)...])
    let expected = Array(sources[0][0..<fadeStart]) + Array(sources[1][(overlap * 2)...])
    let differing = zip(outside, expected).filter { $0 != $1 }.count
    #expect(outside.count == expected.count)
    #expect(differing == 0, "\(differing) of \(outside.count) samples outside the fades changed")
  }
}
