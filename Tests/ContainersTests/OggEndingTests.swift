import AudioTestSupport
import Containers
import Foundation
import Testing

/// How an Ogg file ends, read from its tail: whole and marked, whole pages without the mark (cut
/// at a page boundary), or a page cut short, with the granule positions it held; hostile bytes
/// give no answer rather than a wrong one or a crash.
@Suite struct OggEndingTests {
  private static func ending(of bytes: some Sequence<UInt8>, in folder: TemporaryFolder) throws -> OggEnding? {
    let path = folder.file("cut.ogg")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return OggEnding.read(path: path)
  }

  @Test(arguments: ["libvorbis", "libopus"])
  func endingsOfWholeAndCutFiles(codec: String) throws {
    let folder = TemporaryFolder()
    let (bytes, pages) = try OggPageList.noise(codec, seconds: 3.3, at: folder.file("\(codec).ogg"))
    try #require(pages.count > 5)
    let last = pages[pages.count - 1]
    let held = last.granule - pages[pages.count - 2].granule
    let cases: [(name: String, bytes: [UInt8], ending: OggEnding)] = [
      ("whole", bytes, OggEnding(kind: .endOfStream)),
      ("whole, 3000 bytes of junk after it", bytes + [UInt8](repeating: 0x5A, count: 3_000), OggEnding(kind: .endOfStream)),
      ("cut at its last page", Array(bytes[..<last.offset]), OggEnding(kind: .unmarked)),
      ("cut at a page in the middle", Array(bytes[..<pages[pages.count / 2].offset]), OggEnding(kind: .unmarked)),
      (
        "cut inside its last page's body", Array(bytes[..<(last.offset + (bytes.count - last.offset) / 2)]),
        OggEnding(kind: .cutShort, missingGranules: held)
      ),
      ("cut inside its last page's header", Array(bytes[..<(last.offset + 20)]), OggEnding(kind: .cutShort)),
      ("cut inside its last page's capture pattern", Array(bytes[..<(last.offset + 2)]), OggEnding(kind: .cutShort)),
    ]
    for (name, cut, ending) in cases {
      #expect(try Self.ending(of: cut, in: folder) == ending, "\(name)")
    }
    // A last page damaged but whole is no cut: its whole predecessor, unmarked, ends the stream.
    var damaged = bytes
    damaged[bytes.count - 10] ^= 0xFF
    #expect(try Self.ending(of: damaged, in: folder) == OggEnding(kind: .unmarked))
  }

  @Test func hostileBytesGiveNoAnswer() throws {
    let folder = TemporaryFolder()
    var random = SeededRandom(seed: 44)
    let header = Array("OggS".utf8) + [0, 0] + [UInt8](repeating: 0xFF, count: 20) + [255]
    let cases: [(String, [UInt8])] = [
      ("nothing", []),
      ("three bytes", Array("Ogg".utf8)),
      ("noise", (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &random) }),
      ("capture patterns only", Array(repeatElement(Array("OggS".utf8), count: 50_000).joined())),
      ("headers that promise the largest pages", Array(repeatElement(header + [UInt8](repeating: 255, count: 255), count: 300).joined())),
    ]
    for (name, bytes) in cases {
      let started = Date()
      #expect(try Self.ending(of: bytes, in: folder) == nil, "\(name)")
      #expect(Date().timeIntervalSince(started) < 1, "\(name) took \(Date().timeIntervalSince(started)) s")
    }
  }
}
