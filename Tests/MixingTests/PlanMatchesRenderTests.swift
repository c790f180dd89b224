import AudioTestSupport
import Composition
import Rendering
import Testing

/// `Renderer.plan` with an output shows the timeline the render of the same request uses: the
/// output's rate and channels (Opus at 48 kHz, DSD at a PCM rate), the same clips and the same
/// notes, for every output format.
@Suite struct PlanMatchesRenderTests {
  struct FormatCase: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var fileExtension: String
    var output = OutputOptions()
  }

  static let formats = [
    FormatCase(testDescription: "WAV", fileExtension: "wav"),
    FormatCase(testDescription: "FLAC at 22,050 Hz", fileExtension: "flac", output: OutputOptions(sampleRate: 22_050)),
    FormatCase(testDescription: "MP3", fileExtension: "mp3"),
    FormatCase(testDescription: "AAC in M4A, mono", fileExtension: "m4a", output: OutputOptions(channelCount: 1)),
    FormatCase(testDescription: "ALAC in M4A", fileExtension: "m4a", output: OutputOptions(codec: .alac)),
    FormatCase(testDescription: "M4B", fileExtension: "m4b"),
    FormatCase(testDescription: "Opus", fileExtension: "opus"),
    FormatCase(testDescription: "Vorbis in Ogg", fileExtension: "ogg"),
  ]

  @Test(arguments: formats)
  func planIsTheRendersTimeline(_ format: FormatCase) throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let inputs = try [61_003, 58_907].enumerated().map { index, frames in
      try fixture.track("t\(index)", Signal.noise(channels: 2, frames: frames, seed: UInt64(index + 7)).map { $0 * 0.3 })
    }
    var request = RenderRequest(
      inputs: inputs, outputPath: fixture.folder.file("mix.\(format.fileExtension)"), mix: MixOptions(crossfade: 0.37), cache: nil)
    request.output = format.output
    let planned = try Renderer.plan(request).plan
    let rendered = try Renderer.render(request).plan
    #expect(planned.timeline == rendered.timeline, "planned at \(planned.timeline.sampleRate) Hz, rendered at \(rendered.timeline.sampleRate) Hz")
    #expect(planned.notes == rendered.notes)
  }

  @Test func dsdInputIsPlannedAtTheRatesItIsMixedAt() throws {
    let folder = TemporaryFolder()
    let input = folder.file("tone.dsf")
    try DSFFile.writeSine(to: input, frequency: 1_000, bitCount: 2_822_400 + 8 * 1_234 + 8)
    let request = try RenderRequest(arguments: [input], outputPath: folder.file("tone.flac"))
    let planned = try Renderer.plan(request).plan
    let rendered = try Renderer.render(request).plan
    #expect(planned.timeline.sampleRate == 176_400)
    #expect(planned.timeline == rendered.timeline)
    #expect(planned.notes == rendered.notes)
  }
}
