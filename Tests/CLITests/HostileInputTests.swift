import AudioTestSupport
import Foundation
import Testing

/// Inputs and outputs a careless or hostile user gives, beyond the tables of messages.
@Suite struct HostileInputTests {
  /// Playlists naming playlists 40 deep are refused at the limit, with no stack to overflow.
  @Test func deeplyNestedPlaylistsAreRefusedAtTheLimit() throws {
    let fixture = try Fixture([.tone("a.flac")])
    for level in 0..<40 { try fixture.write("p\(level).m3u", Data("p\(level + 1).m3u\n".utf8)) }
    try fixture.write("p40.m3u", Data("a.flac\n".utf8))
    let result = try fixture.run(["render", "p0.m3u", "-o", "out.flac"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: ") && result.stderr.hasSuffix("p31.m3u:1: p32.m3u: playlists nest more than 32 deep here\n"))
  }

  /// A playlist that names itself through a symbolic link is a cycle, said as one.
  @Test func aCycleThroughASymbolicLinkIsNamed() throws {
    let fixture = try Fixture([.text("a.m3u", "b.m3u\n")])
    try FileManager.default.createSymbolicLink(atPath: fixture.file("b.m3u"), withDestinationPath: "a.m3u")
    let result = try fixture.run(["render", "a.m3u", "-o", "out.flac"])
    #expect(result.stderr == "error: a.m3u:1: b.m3u includes itself (a.m3u -> a.m3u)\n")
  }

  /// A FIFO is not read as an empty file, nor waited on.
  @Test func aFIFOInputIsNamedForWhatItIs() throws {
    let fixture = try Fixture()
    #expect(mkfifo(fixture.file("pipe.wav"), 0o644) == 0)
    let result = try fixture.run(["render", "pipe.wav", "-o", "out.flac"])
    #expect(result.stderr == "error: pipe.wav: is a FIFO, not a regular file; Segue reads audio files\n")
  }

  /// An output that is a symbolic link has the file it names replaced; the link stays a link.
  @Test func aSymbolicLinkOutputReplacesItsTarget() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 4_411), .folder("real")])
    try fixture.write("real/old.flac", Data("old".utf8))
    try FileManager.default.createSymbolicLink(atPath: fixture.file("link.flac"), withDestinationPath: "real/old.flac")
    let result = try fixture.run(["render", "a.flac", "-o", "link.flac", "-y"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: fixture.file("link.flac")) == "real/old.flac")
    #expect(try fixture.samples("real/old.flac").count == 4_411 * 2)
  }

  /// The longest name a file system takes (255 bytes) is a valid output: the temporary file's
  /// name does not grow with it.
  @Test func anOutputNameOf255BytesRenders() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 4_411)])
    let name = String(repeating: "n", count: 250) + ".flac"
    let result = try fixture.run(["render", "a.flac", "-o", name])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(fixture.names().contains(name))
  }

  /// WAV output is written ready for RF64: the space for its 64-bit sizes is reserved (a JUNK
  /// chunk that FFmpeg turns into ds64 past 4 GiB), so a long render never writes a wrong size.
  @Test func wavOutputReservesRoomForRF64() throws {
    let fixture = try Fixture([.tone("a.flac", frames: 4_411)])
    #expect(try fixture.run(["render", "a.flac", "-o", "out.wav"]).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.file("out.wav")))
    #expect(bytes.prefix(4) == Data("RIFF".utf8) && bytes[12..<16] == Data("JUNK".utf8))
    #expect(try FFmpegCLI.decodeFloat(fixture.file("out.wav")).count == 4_411 * 2)
  }
}
