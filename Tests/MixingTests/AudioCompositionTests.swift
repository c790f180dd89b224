import AudioTestSupport
import Composition
import Rendering
import Testing

/// The composition API: time ranges of files placed in code, volume ramps, rendered exactly.
@Suite struct AudioCompositionTests {
  @Test func rendersPlacedRangesWithTheirRamps() throws {
    let fixture = MixFixture(sampleRate: 8000)
    let a = try fixture.constant("a", value: 0.5, frames: 16_000)
    let b = try fixture.constant("b", value: 0.25, frames: 16_000)
    var mix = AudioComposition(sampleRate: 8000)
    let first = try mix.insertTimeRange(0.5..<1.5, of: a.path, at: 0)  // 8000 frames
    let second = try mix.insertTimeRange(0..<1, of: b.path, at: 0.75)
    try mix.setVolumeRamp(clip: first, from: 1, to: 0, timeRange: 0.75..<1, curve: .linear)
    try mix.setVolumeRamp(clip: second, from: 0, to: 1, timeRange: 0.75..<1, curve: .linear)
    let path = fixture.folder.file("composed.wav")
    let report = try mix.render(to: path, options: OutputOptions(bitDepth: 32), verify: true)
    #expect(report.timeline.clips.map(\.start) == [0, 6000])
    #expect(report.timeline.frameCount == 14_000)
    let samples = try AudioFile.read(path: path).samples
    #expect(samples.count == 14_000)
    #expect(samples[0] == 0.5 && samples[5999] == 0.5)
    #expect(abs(samples[7000] - (0.5 * 0.5 + 0.25 * 0.5)) < 1e-6)
    #expect(samples[8000] == 0.25 && samples[13_999] == 0.25)
  }

  /// Three clips at once, one wholly inside another: every sample is the exact sum.
  @Test func mixesAnyNumberOfOverlappingClips() throws {
    let fixture = MixFixture(sampleRate: 8000)
    let a = try fixture.constant("a", value: 0.5, frames: 16_000)
    let b = try fixture.constant("b", value: 0.125, frames: 16_000)
    var mix = AudioComposition(sampleRate: 8000)
    try mix.insertTimeRange(0..<1, of: a.path, at: 0)
    try mix.insertTimeRange(0..<1, of: b.path, at: 0.5)
    try mix.insertTimeRange(0..<0.125, of: b.path, at: 0.625)
    let path = fixture.folder.file("three.wav")
    _ = try mix.render(to: path, options: OutputOptions(bitDepth: 32), verify: true)
    let samples = try AudioFile.read(path: path).samples
    #expect(samples.count == 12_000)
    for (frame, sample) in samples.enumerated() {
      let expected: Float = (frame < 8000 ? 0.5 : 0) + (frame >= 4000 ? 0.125 : 0) + (5000..<6000 ~= frame ? 0.125 : 0)
      #expect(sample == expected, "frame \(frame)")
      if sample != expected { break }
    }
  }

  @Test func refusesARangePastTheFilesEnd() throws {
    let fixture = MixFixture(sampleRate: 8000)
    let a = try fixture.constant("a", value: 0.5, frames: 8000)
    var mix = AudioComposition(sampleRate: 8000)
    try mix.insertTimeRange(0.5..<1.5, of: a.path, at: 0)
    let error = #expect(throws: RenderError.self) { try mix.render(to: fixture.folder.file("x.wav")) }
    #expect(error?.description == "\(a.path): the time range ends past the file's end")
    #expect(fixture.folder.contents() == ["a.wav"])
  }

  /// A composition lays its mix out as a render does (`--format-from most`, by playing time): a
  /// short mono intro before two longer stereo tracks gives stereo, not the first clip's mono.
  @Test func channelsFollowMostOfThePlayingTimeAsARendersDo() throws {
    let mono = MixFixture(sampleRate: 8000, channels: 1)
    let stereo = MixFixture(sampleRate: 8000, channels: 2)
    let intro = try mono.constant("intro", value: 0.5, frames: 4_003)
    let a = try stereo.constant("a", value: 0.25, frames: 16_007)
    let b = try stereo.constant("b", value: 0.125, frames: 12_011)
    var mix = AudioComposition(sampleRate: 8000)
    try mix.insertTimeRange(0..<0.5, of: intro.path, at: 0)
    try mix.insertTimeRange(0..<2, of: a.path, at: 0.5)
    try mix.insertTimeRange(0..<1.5, of: b.path, at: 2.5)
    let path = mono.folder.file("book.wav")
    let report = try mix.render(to: path, options: OutputOptions(bitDepth: 32))
    #expect(try AudioFile.read(path: path).layout.channelCount == 2)
    #expect(report.mix.formatReason?.contains("--format-from most") == true, "\(String(describing: report.mix.formatReason))")
  }
}
