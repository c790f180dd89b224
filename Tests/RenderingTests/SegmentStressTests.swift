import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Segmented encoding under stress: content nobody tuned it for (noise, dense program, real
/// recordings, tones, silence, impulses, a clipped square, speech) × every codec and setting
/// people choose × mono and stereo × 32, 44.1 and 48 kHz × lengths from a second to a whole
/// track. A covering subset: each setting meets several contents, layouts, rates and lengths;
/// `Benchmarks/segments-matrix` runs the whole matrix. In every cell the segmented render
/// succeeds exactly where one encoder does, decodes to the exact length, and writes the same
/// bytes on one worker and two.
@Suite(.enabled(if: RealMusic.isExpected, "needs \(RealMusic.package.name)"))
struct SegmentStressTests {
  @Test(arguments: StressCell.covering)
  func aSegmentedRenderSucceedsWhereOneEncoderDoesAndMatchesItsLength(_ cell: StressCell) throws {
    let folder = TemporaryFolder("segue-stress")
    let input = try cell.content.make(in: folder, seconds: cell.seconds)
    let renders = try [("one", false, 1), ("threads-1", true, 1), ("threads-2", true, 2)].map { name, segmented, threads in
      try cell.render(input, to: folder.file("\(name).\(cell.setting.fileExtension)"), segmented: segmented, threads: threads)
    }
    let refusals = renders.map(\.refusal)
    #expect(Set(refusals.map { $0 == nil }).count == 1, "segmented and one encoder both succeed or both refuse: \(refusals)")
    if let refusal = refusals[0] {
      #expect(cell.expectsRefusal, "refused: \(refusal)")
      #expect(refusals.allSatisfy { $0 == refusal })
      return
    }
    #expect(!cell.expectsRefusal, "a setting the codec cannot take is refused, never lowered")
    let expected = try cell.expectedFrames(of: input)
    for render in renders {
      #expect(try render.decodedFrames() == expected, "\(render.path) decodes to the exact length")
    }
    #expect(renders[1].comparableBytes == renders[2].comparableBytes, "one worker and two write the same bytes")
  }

  /// hedgewars' Fruit.ogg, whole, at the default MP3 settings (320k): it failed with "Invalid data
  /// found" at its fourth join; a join the reservoir leaves no room for is now encoded across.
  @Test func aDefaultMP3OfARealTrackRendersWithJoinsEncodedAcross() throws {
    let folder = TemporaryFolder("segue-stress-fruit")
    let input = try RealMusic.path("Fruit.ogg")
    var request = RenderRequest(inputs: [InputSource(path: input)], outputPath: folder.file("fruit.mp3"), output: OutputOptions(), cache: nil)
    request.threads = 2
    let report = try Renderer.render(request)
    let note = try #require(report.allNotes.first { $0.contains("encoded across by one encoder") }, "\(report.allNotes)")
    let across = try #require(note.firstMatch(of: /(\d+) of \d+ joins encoded across/)?.1).flatMap { Int($0) }
    #expect((across ?? 0) > 0)
    let length = try #require(Int64(String(decoding: try FFmpegCLI.run("sox", ["--i", "-s", input]).stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(report.outputFrameCount == length)
    #expect(try FFmpegCLI.decodeFloat(folder.file("fruit.mp3")).count == Int(length) * 2)
    request.threads = 1
    request.outputPath = folder.file("fruit-1.mp3")
    _ = try Renderer.render(request)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("fruit.mp3"))) == Data(contentsOf: URL(fileURLWithPath: folder.file("fruit-1.mp3"))))
  }

  /// hedgewars' Castle.ogg, its first 61.3 s, as VBR at `--quality` 0: the full stress matrix
  /// failed it ("does not fit the bit reservoir even at the highest bit rate") where a join had
  /// been made by writing a frame at a higher bit rate, which left the frames after it short of
  /// their encoder's reservoir, so the run across the next join could not continue them. Joins
  /// are now made only where the later frames find their own encoder's reservoir.
  @Test func aVBRMP3OfARealTrackJoinsWhereFramesFindTheirReservoir() throws {
    let folder = TemporaryFolder("segue-stress-castle")
    let input = folder.file("castle.flac")
    try RealMusic.excerpt("Castle", from: 0, seconds: 61.3, to: input)
    _ = try Self.renderedWithJoinsEncodedAcross(input, output: OutputOptions(quality: 0), in: folder)
  }

  /// A 1 kHz tone of 61.3 s as VBR at `--quality` 2: after the first join the writer cannot make,
  /// LAME's VBR encoder hands its frames over later than its CBR, so the run across that join
  /// ended each segment a few frames short; the matrix found the file failing at its fourth join
  /// (and speech losing three frames). The run now goes on while its encoder holds frames.
  @Test func aVBRRunAcrossJoinsKeepsEveryFrame() throws {
    let folder = TemporaryFolder("segue-stress-vbr-run")
    let input = folder.file("tone.flac")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=frequency=1000:d=61.3", "-ar", "44100", "-ac", "2", input])
    let report = try Self.renderedWithJoinsEncodedAcross(input, output: OutputOptions(quality: 2), in: folder)
    #expect(report.outputFrameCount == 2_703_330)
  }

  /// Renders `input` to MP3 as `output` says on 2 workers, then on 1: a join is encoded across,
  /// the file decodes to the report's length, and both write the same bytes. The 2 workers' report.
  private static func renderedWithJoinsEncodedAcross(_ input: String, output: OutputOptions, in folder: TemporaryFolder) throws -> RenderReport {
    var request = RenderRequest(inputs: [InputSource(path: input)], outputPath: folder.file("two.mp3"), output: output, cache: nil)
    request.threads = 2
    let report = try Renderer.render(request)
    #expect(report.allNotes.contains { $0.contains("encoded across by one encoder") }, "\(report.allNotes)")
    #expect(try FFmpegCLI.decodeFloat(folder.file("two.mp3")).count == Int(report.outputFrameCount) * 2)
    request.threads = 1
    request.outputPath = folder.file("one.mp3")
    _ = try Renderer.render(request)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("two.mp3"))) == Data(contentsOf: URL(fileURLWithPath: folder.file("one.mp3"))))
    return report
  }
}
