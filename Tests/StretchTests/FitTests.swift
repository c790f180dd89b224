import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// `--fit`: a whole mix stretched by one ratio lands exactly on the length asked for, its chapters
/// moved by the ratio.
@Suite("Fitting a mix to a length")
struct FitTests {
  @Test func aThirtyOneMinuteMixFitsThirtyMinutesToTheFrame() throws {
    let folder = TemporaryFolder("segue-fit")
    let rate = 8_000
    // Three tracks of 10:20.7, crossfaded by 5 s: 31:02.1 - 10 s = 30:52.1.
    var inputs: [InputSource] = []
    for index in 0..<3 {
      let path = folder.file("t\(index).flac")
      try AudioFile.write(
        Signal.sine(frequency: 440 + 110 * Double(index), sampleRate: rate, channels: 1, frames: Int(620.7 * Double(rate)), amplitude: 0.3),
        layout: PCMLayout(sampleRate: rate, channelCount: 1), to: path, options: OutputOptions(bitDepth: 16))
      var input = InputSource(path: path)
      input.title = "Part \(index + 1)"
      inputs.append(input)
    }
    let mix = MixOptions(crossfade: 5)
    let unfitted = try Renderer.plan(RenderRequest(inputs: inputs, outputPath: folder.file("x.flac"), mix: mix, cache: nil))
    let output = folder.file("fitted.flac")
    var request = RenderRequest(
      inputs: inputs, outputPath: output, mix: mix, listing: ListingOptions(chapters: true), verify: true, cache: nil)
    request.fit = FitRequest(seconds: 30 * 60, method: .varispeed)
    let report = try Renderer.render(request)

    #expect(report.outputFrameCount == Int64(30 * 60 * rate))
    #expect(report.verifiedFrameCount == Int64(30 * 60 * rate))
    let ratio = Double(30 * 60 * rate) / Double(unfitted.plan.timeline.frameCount)
    let chapters = try AudioStreamInfo.probe(path: output).chapters
    try #require(chapters.count == 3)
    for (chapter, start) in zip(chapters, unfitted.plan.timeline.trackStarts) {
      // FLAC keeps chapter times in milliseconds: 8 frames at 8 kHz.
      #expect(abs(Double(chapter.start) - Double(start) * ratio) <= 8, "chapter at \(chapter.start), the ratio puts it at \(Double(start) * ratio)")
    }
    #expect(report.plan.notes.contains { $0.hasPrefix("fitted to 30:00.000") })
  }

  @Test func aRatioOutsideHalfToDoubleIsRefused() throws {
    let folder = TemporaryFolder("segue-fit-refused")
    let path = folder.file("short.flac")
    try AudioFile.write(Signal.sine(sampleRate: 8_000, channels: 1, frames: 80_000), layout: PCMLayout(sampleRate: 8_000, channelCount: 1), to: path, options: OutputOptions(bitDepth: 16))
    var request = RenderRequest(inputs: [InputSource(path: path)], outputPath: folder.file("long.flac"), cache: nil)
    request.fit = FitRequest(seconds: 25)
    let error = #expect(throws: RenderError.self) { try Renderer.render(request) }
    #expect(error?.description == "the length to fit asks for a length ratio of 2.500000 (0:25.000 for a mix of 0:10.000); Segue stretches by 0.5 to 2.0")
    #expect(!FileManager.default.fileExists(atPath: folder.file("long.flac")))
  }
}

/// A playlist entry's own speed: its clip lasts its length over the speed, to the frame.
@Suite("Entry speed")
struct EntrySpeedTests {
  @Test func anEntryAtOneAndAQuarterSpeedLastsItsLengthOverThat() throws {
    let folder = TemporaryFolder("segue-entry-speed")
    let rate = 8_000, frames = 80_777
    var inputs: [InputSource] = []
    for index in 0..<2 {
      let path = folder.file("t\(index).flac")
      try AudioFile.write(Signal.sine(sampleRate: rate, channels: 1, frames: frames), layout: PCMLayout(sampleRate: rate, channelCount: 1), to: path, options: OutputOptions(bitDepth: 16))
      inputs.append(InputSource(path: path))
    }
    inputs[1].options.stretch = StretchSpec(speed: 1.25, method: .varispeed)
    let report = try Renderer.render(RenderRequest(inputs: inputs, outputPath: folder.file("mix.flac"), verify: true, cache: nil))
    let clips = report.timeline.clips
    #expect(clips[1].duration == Int64((Double(frames) / 1.25).rounded()))
    #expect(report.outputFrameCount == Int64(frames) + clips[1].duration)
    #expect(report.plan.notes.contains { $0.contains("stretched by length ratio 0.80000") && $0.hasSuffix("by varispeed") })
  }
}
