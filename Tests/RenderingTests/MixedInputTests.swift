import AudioTestSupport
import FFmpegAudio
import Rendering
import Testing

/// Inputs of different rates and channel counts, converted into one mix format.
@Suite("Inputs of different rates and channel counts")
struct MixedInputTests {
  /// One 16-bit step, the most dither may move a sample.
  static let lsb: Float = 1 / 32768

  @Test(arguments: [48_000, 44_100])
  func eachClipIsConvertedToItsExactLength(outputRate: Int) throws {
    let folder = TemporaryFolder()
    let inputs = try MixedInputs(in: folder)
    let path = folder.file("mixed-\(outputRate).flac")
    let report = try Fixture.render(inputs.paths, to: path, options: OutputOptions(sampleRate: outputRate, channelCount: 2))
    let expected = inputs.clipLengths(at: outputRate)
    #expect(report.layout == PCMLayout(sampleRate: outputRate, channelCount: 2))
    #expect(report.timeline.clips.map(\.duration) == expected)
    #expect(report.timeline.clips.map(\.start) == [0, expected[0]])

    let output = try FFmpegCLI.decodeFloat(path)
    try #require(Int64(output.count / 2) == expected.reduce(0, +), "the ffmpeg CLI decodes another length")
    let monoClip = Fixture.frames(output, 0..<Int(expected[0]), channels: 2)
    let stereoClip = Fixture.frames(output, Int(expected[0])..<output.count / 2, channels: 2)
    expectMonoAtFullLevelInBothChannels(monoClip, source: inputs.mono)
    if outputRate == MixedInputs.monoRate {
      // Only copied to both channels: every sample within the dither of the source.
      #expect(Measure.maxDifference(Fixture.channel(0, of: monoClip, channels: 2), inputs.mono) <= Self.lsb)
    }
    if outputRate == MixedInputs.stereoRate {
      #expect(stereoClip == inputs.stereo, "an unconverted 16-bit input must pass bit for bit")
    }
  }

  /// A 22.05 kHz input rendered to Opus is mixed at 48 kHz, the only rate Opus decodes to, so the
  /// file decodes to exactly the timeline's length.
  ///
  /// Mixing at 24 kHz (the nearest rate libopus encodes) gives a file that decodes to twice the
  /// frames the timeline and the report state, and that `verify` rejects.
  @Test func lowRateInputIsMixedAt48kHzForOpus() throws {
    let folder = TemporaryFolder()
    let input = Signal.sine(frequency: 440, sampleRate: 22_050, channels: 1, frames: 22_050, amplitude: 0.5)
    let inputPath = try Fixture.write(input, channels: 1, sampleRate: 22_050, as: .wav16, in: folder, stem: "low")
    let path = folder.file("low.opus")
    let report = try Renderer.render(RenderRequest(inputs: [InputSource(path: inputPath)], outputPath: path))
    #expect(report.layout.sampleRate == 48_000)
    let decoded = Int64(try FFmpegCLI.decodeFloat(path).count)
    #expect(decoded == report.timeline.frameCount, "the file decodes to \(decoded) frames, the timeline says \(report.timeline.frameCount)")
    #expect(decoded == 48_000)
  }

  /// A mono clip played into stereo: both channels at the source's level (not 3 dB down), equal to
  /// each other within the dither of each.
  private func expectMonoAtFullLevelInBothChannels(_ clip: [Float], source: [Float]) {
    // Leave the resampler's first and last few frames out of the level comparison.
    let inner = 1000..<(clip.count / 2 - 1000)
    let left = Measure.rms(clip, channels: 2, frames: inner, channel: 0)
    let right = Measure.rms(clip, channels: 2, frames: inner, channel: 1)
    let original = Measure.rms(source, channels: 1, frames: 1000..<(source.count - 1000))
    #expect(abs(Measure.decibels(left / right)) < 0.01, "left \(left), right \(right)")
    #expect(abs(Measure.decibels(left / original)) < 0.05, "left \(left), source \(original)")
    let difference = Measure.maxDifference(Fixture.channel(0, of: clip, channels: 2), Fixture.channel(1, of: clip, channels: 2))
    #expect(difference <= 2 * Self.lsb, "left and right differ by \(difference), more than their dither")
  }
}
