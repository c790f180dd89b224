import AudioTestSupport
import Composition
import Rendering
import Testing

/// A part of the mix, and the previews made of parts, hold exactly the full render's samples.
@Suite struct RangeAndPreviewTests {
  /// Four 16-bit FLAC tracks of noise at 16 kHz, 2 s each but for odd lengths.
  func album(_ fixture: MixFixture) throws -> [InputSource] {
    try [32_003, 30_001, 33_007, 29_005].enumerated().map { index, frames in
      let path = fixture.folder.file("t\(index).flac")
      try AudioFile.write(Signal.noise(channels: 2, frames: frames, seed: UInt64(index + 1)), layout: fixture.layout, to: path)
      return InputSource(path: path, displayName: "t\(index).flac")
    }
  }

  func renderFull(_ fixture: MixFixture, _ inputs: [InputSource], mix: MixOptions) throws -> [Int16] {
    let path = fixture.folder.file("full.flac")
    _ = try Renderer.render(RenderRequest(inputs: inputs, outputPath: path, mix: mix, overwrite: true))
    return try FFmpegCLI.decodeInt16(path)
  }

  struct RangeCase: CustomTestStringConvertible, Sendable {
    var testDescription: String
    var mix: MixOptions
    var range: TimeRange
  }

  static let rangeCases = [
    RangeCase(testDescription: "gapless, across a join", mix: MixOptions(), range: TimeRange(from: 1.5, to: 2.75)),
    RangeCase(testDescription: "crossfaded, inside a fade", mix: MixOptions(crossfade: 0.5), range: TimeRange(from: 1.8, to: 4.1)),
    RangeCase(testDescription: "gaps, from a gap to the end", mix: MixOptions(gap: 0.25), range: TimeRange(from: 2.05)),
    RangeCase(testDescription: "from the start", mix: MixOptions(crossfade: 0.3, curve: .fixed(.sCurve)), range: TimeRange(to: 0.5)),
  ]

  @Test(arguments: rangeCases)
  func rangeEqualsTheSliceOfTheFullRender(_ rangeCase: RangeCase) throws {
    let fixture = MixFixture(sampleRate: 16_000, channels: 2)
    let inputs = try album(fixture)
    let full = try renderFull(fixture, inputs, mix: rangeCase.mix)
    let path = fixture.folder.file("part.flac")
    let report = try Renderer.render(RenderRequest(inputs: inputs, outputPath: path, mix: rangeCase.mix, range: rangeCase.range, verify: true))
    let part = try FFmpegCLI.decodeInt16(path)
    let start = Int((rangeCase.range.from ?? 0) * 16_000) * 2
    let end = rangeCase.range.to.map { Int($0 * 16_000) * 2 } ?? full.count
    #expect(report.outputFrameCount == Int64((end - start) / 2))
    #expect(part == Array(full[start..<end]))
  }

  @Test func transitionPreviewsHoldTheMixAroundEachTransition() throws {
    let fixture = MixFixture(sampleRate: 16_000, channels: 2)
    let inputs = try album(fixture)
    let mix = MixOptions(crossfade: 0.25)
    let full = try renderFull(fixture, inputs, mix: mix)
    let request = RenderRequest(inputs: inputs, outputPath: fixture.folder.file("preview.flac"), mix: mix)
    let reports = try Previews.transitions(request, context: 0.5, pause: 0.125, edgeFade: 0)
    let timeline = reports[0].timeline
    let expectedRegions = zip(timeline.clips, timeline.clips.dropFirst()).map { ($1.start - 8000)..<($0.end + 8000) }
    #expect(reports[0].segments == expectedRegions)
    let preview = try FFmpegCLI.decodeInt16(fixture.folder.file("preview.flac"))
    var expected: [Int16] = []
    for (index, region) in expectedRegions.enumerated() {
      if index > 0 { expected += [Int16](repeating: 0, count: 2000 * 2) }
      expected += full[Int(region.lowerBound * 2)..<Int(region.upperBound * 2)]
    }
    #expect(preview == expected)

    let separate = try Previews.transitions(
      RenderRequest(inputs: inputs, outputPath: fixture.folder.file("t.flac"), mix: mix), context: 0.5, separateFiles: true, edgeFade: 0)
    #expect(separate.map(\.outputPath) == (1...3).map { fixture.folder.file("t-transition-0\($0) (t\($0 - 1) → t\($0)).flac") })
    let second = try FFmpegCLI.decodeInt16(separate[1].outputPath)
    #expect(second == Array(full[Int(expectedRegions[1].lowerBound * 2)..<Int(expectedRegions[1].upperBound * 2)]))
  }

  /// By default each preview fades in and out over 10 ms (160 frames here) at its edges; every
  /// other sample is the full render's, untouched.
  @Test func previewsFadeOnlyTheirOuterTenMilliseconds() throws {
    let fixture = MixFixture(sampleRate: 16_000, channels: 2)
    let inputs = try album(fixture)
    let mix = MixOptions(crossfade: 0.25)
    let full = try renderFull(fixture, inputs, mix: mix)
    let reports = try Previews.transitions(
      RenderRequest(inputs: inputs, outputPath: fixture.folder.file("t.flac"), mix: mix), context: 0.5, separateFiles: true)
    #expect(reports[0].allNotes.contains { $0.hasPrefix("each part fades in and out over 10 ms") })
    for report in reports {
      let region = report.segments[0]
      let expected = Array(full[Int(region.lowerBound * 2)..<Int(region.upperBound * 2)])
      let preview = try FFmpegCLI.decodeInt16(report.outputPath)
      try #require(preview.count == expected.count)
      let edge = 160 * 2
      #expect(preview[edge..<(preview.count - edge)].elementsEqual(expected[edge..<(expected.count - edge)]), "samples outside the fades changed")
      // The first and last frames are faded to silence (a dithered 16-bit zero: within one step).
      #expect((preview.prefix(2) + preview.suffix(2)).allSatisfy { abs(Int($0)) <= 1 })
      let faded = Array(0..<edge) + Array((preview.count - edge)..<preview.count)
      #expect(faded.allSatisfy { abs(Int(preview[$0])) <= abs(Int(expected[$0])) + 1 })
    }
  }

  /// Tracks shorter than two contexts give previews whose regions overlap on the timeline: each
  /// part still fades only at its own edges, never at a neighbour's inside it.
  @Test func overlappingPreviewsFadeOnlyAtTheirOwnEdges() throws {
    let fixture = MixFixture(sampleRate: 16_000, channels: 2)
    let inputs = try album(fixture)
    let mix = MixOptions(crossfade: 0.25)
    let full = try renderFull(fixture, inputs, mix: mix)
    let report = try Previews.transitions(
      RenderRequest(inputs: inputs, outputPath: fixture.folder.file("all.flac"), mix: mix), context: 1.5, pause: 0.125)[0]
    let regions = report.segments
    #expect(zip(regions, regions.dropFirst()).allSatisfy { $0.upperBound > $1.lowerBound }, "the regions should overlap")
    let preview = try FFmpegCLI.decodeInt16(fixture.folder.file("all.flac"))
    var offset = 0
    for region in regions {
      let expected = full[Int(region.lowerBound * 2)..<Int(region.upperBound * 2)]
      let part = preview[offset..<(offset + expected.count)]
      let edge = 160 * 2
      #expect(part.dropFirst(edge).dropLast(edge).elementsEqual(expected.dropFirst(edge).dropLast(edge)), "\(region): samples outside its own fades changed")
      offset += expected.count + 2000 * 2
    }
  }

  @Test func snippetsPlayEachTracksOpeningWithCrossfades() throws {
    let fixture = MixFixture(sampleRate: 16_000, channels: 2)
    let inputs = try album(fixture)
    let report = try Previews.snippets(RenderRequest(inputs: inputs, outputPath: fixture.folder.file("medley.flac"), verify: true), length: 1, fade: 0.125)
    #expect(report.timeline.clips.map(\.duration) == [16_000, 16_000, 16_000, 16_000])
    #expect(report.outputFrameCount == 4 * 16_000 - 3 * 2000)
  }

  @Test func rangePastTheEndIsRefused() throws {
    let fixture = MixFixture(sampleRate: 16_000, channels: 2)
    let inputs = try album(fixture)
    let error = #expect(throws: RenderError.self) {
      try Renderer.render(RenderRequest(inputs: inputs, outputPath: fixture.folder.file("x.flac"), range: TimeRange(from: 60)))
    }
    #expect(error?.description == "the range's start 1:00.000 is past the end of the mix (0:07.751)")
    guard case .setting(.pastEnd(.from, "1:00.000", "0:07.751"))? = error else {
      Issue.record("refused as \(String(describing: error)), not as a start past the end")
      return
    }
  }
}
