import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Ogg files cut short: inside a page, refused as truncated (FFmpeg drops the cut page without a
/// word) unless `--allow-truncated`; at a page boundary, so that no page marks the end of the
/// stream, rendered with a note that the file may be cut short.
@Suite struct TruncatedOggTests {
  /// A 9.7 s Vorbis or Opus file, and its pages' offsets and granule positions.
  private static func file(_ codec: String, in folder: TemporaryFolder) throws -> (path: String, bytes: [UInt8], pages: [(offset: Int, granule: Int64)]) {
    let path = folder.file("whole.ogg")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "anoisesrc=c=pink:a=0.3:d=9.7:s=9", "-ac", "2", "-ar", "48000", "-c:a", codec, path])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var pages: [(Int, Int64)] = []
    var offset = 0
    while offset + 27 <= bytes.count {
      pages.append((offset, (0..<8).reduce(Int64(0)) { $0 | Int64(bytes[offset + 6 + $1]) << (8 * Int64($1)) }))
      let lacing = bytes[(offset + 27)..<(offset + 27 + Int(bytes[offset + 26]))]
      offset += 27 + lacing.count + lacing.reduce(0) { $0 + Int($1) }
    }
    return (path, bytes, pages)
  }

  private static func render(_ path: String, to output: String, tolerance: DecodeTolerance = .strict) throws -> RenderReport {
    var request = RenderRequest(inputs: [InputSource(path: path)], outputPath: output, cache: nil)
    request.tolerate(tolerance)
    return try Renderer.render(request)
  }

  @Test(arguments: ["libvorbis", "libopus"])
  func cutInsideItsLastPageIsTruncation(codec: String) throws {
    let folder = TemporaryFolder()
    let (_, bytes, pages) = try Self.file(codec, in: folder)
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
    let (_, bytes, pages) = try Self.file(codec, in: folder)
    let cut = folder.file("recording.ogg")
    try Data(bytes[..<pages[pages.count * 6 / 10].offset]).write(to: URL(fileURLWithPath: cut))

    let report = try Self.render(cut, to: folder.file("out.wav"))
    #expect(report.allNotes.contains("\(cut): its last Ogg page does not mark the end of its stream, so the file may be cut short"), "\(report.allNotes)")
    if codec == "libvorbis" { #expect(report.outputFrameCount == (try SoXCLI.frameCount(cut))) }
  }
}
