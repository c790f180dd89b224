import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Ogg files cut short: inside a page, refused as truncated (FFmpeg drops the cut page without a
/// word) unless `--allow-truncated`; at a page boundary, so that no page marks the end of the
/// stream, rendered with a note that the file may be cut short.
@Suite struct TruncatedOggTests {
  private static func render(_ path: String, to output: String, tolerance: DecodeTolerance = .strict) throws -> RenderReport {
    var request = RenderRequest(inputs: [InputSource(path: path)], outputPath: output, cache: nil)
    request.tolerate(tolerance)
    return try Renderer.render(request)
  }

  @Test(arguments: ["libvorbis", "libopus"])
  func cutInsideItsLastPageIsTruncation(codec: String) throws {
    let folder = TemporaryFolder()
    let (bytes, pages) = try OggPageList.noise(codec, seconds: 9.7, at: folder.file("whole.ogg"))
    // Cut half way into the page 60 % of the way through.
    let page = pages.count * 6 / 10
    let cut = folder.file("cut.ogg")
    try Data(bytes[..<((pages[page].offset + pages[page + 1].offset) / 2)]).write(to: URL(fileURLWithPath: cut))
    let missing = pages[page].granule - pages[page - 1].granule

    #expect {
      _ = try Self.render(cut, to: folder.file("refused.wav"))
    } throws: { error in
      let message = "\(error)"
      guard message.hasPrefix("\(cut): truncated: decoded "), let numbers = message.split(separator: "decoded ").last?.split(separator: " ")
      else { return false }
      return Int64(numbers[2]).map { $0 - Int64(numbers[0])! == missing } == true
        && message.hasSuffix(" sample frames; `tolerance.truncated` renders it as far as it goes")
    }

    let report = try Self.render(cut, to: folder.file("out.wav"), tolerance: DecodeTolerance(truncated: true))
    #expect(report.allNotes.contains { $0.hasPrefix("\(cut): truncated: \(missing) sample frames (") }, "\(report.allNotes)")
    if codec == "libvorbis" { #expect(report.outputFrameCount == (try SoXCLI.frameCount(cut))) }
  }

  @Test(arguments: ["libvorbis", "libopus"])
  func wholePagesWithoutTheEndMarkRenderWithANote(codec: String) throws {
    let folder = TemporaryFolder()
    let (bytes, pages) = try OggPageList.noise(codec, seconds: 9.7, at: folder.file("whole.ogg"))
    let cut = folder.file("recording.ogg")
    try Data(bytes[..<pages[pages.count * 6 / 10].offset]).write(to: URL(fileURLWithPath: cut))

    let report = try Self.render(cut, to: folder.file("out.wav"))
    let note = "\(cut): its last Ogg page does not mark the end of its stream, so the file may be cut short"
    #expect(report.allNotes.contains(note), "\(report.allNotes)")
    if codec == "libvorbis" { #expect(report.outputFrameCount == (try SoXCLI.frameCount(cut))) }
  }
}
