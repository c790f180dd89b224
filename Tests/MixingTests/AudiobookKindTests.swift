import AudioTestSupport
import Foundation
import Rendering
import Testing

/// An `.m4b` is filed as an audiobook by players: its media kind (iTunes `stik`) is Audiobook, and
/// its genre too unless the book says otherwise.
@Suite struct AudiobookKindTests {
  /// The format tags ffprobe reads from `path`, keys lowercased.
  func tags(_ path: String) throws -> [String: String] {
    let output = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "default=noprint_wrappers=1", path])
    let lines = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n")
    return Dictionary(lines.compactMap { line -> (String, String)? in
      guard let equals = line.firstIndex(of: "="), line.hasPrefix("TAG:") else { return nil }
      return (String(line[line.index(line.startIndex, offsetBy: 4)..<equals]).lowercased(), String(line[line.index(after: equals)...]))
    }, uniquingKeysWith: { first, _ in first })
  }

  @Test func anM4BIsAnAudiobook() throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 1)
    let chapter = try fixture.track("one", Signal.sine(sampleRate: 44_100, channels: 1, frames: 50_021))
    let path = fixture.folder.file("book.m4b")
    _ = try Renderer.render(RenderRequest(inputs: [chapter], outputPath: path, cache: nil))
    let found = try tags(path)
    #expect(found["media_type"] == "2", "\(found)")
    #expect(found["genre"] == "Audiobook", "\(found)")

    let m4a = fixture.folder.file("song.m4a")
    _ = try Renderer.render(RenderRequest(inputs: [chapter], outputPath: m4a, cache: nil))
    #expect(try tags(m4a)["media_type"] == nil)
  }

  @Test func aBooksOwnGenreStays() throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 1)
    let chapter = try fixture.track("one", Signal.sine(sampleRate: 44_100, channels: 1, frames: 50_021))
    let path = fixture.folder.file("book.m4b")
    _ = try Renderer.render(RenderRequest(inputs: [chapter], outputPath: path, listing: ListingOptions(tags: ["genre": "Radio Drama"]), cache: nil))
    #expect(try tags(path)["genre"] == "Radio Drama")
    #expect(try tags(path)["media_type"] == "2")
  }
}
