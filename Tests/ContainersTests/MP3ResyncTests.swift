import AudioTestSupport
import Containers
import Foundation
import Testing

/// Garbage between frames is stepped over to the next confirmed frame, and reported.
struct MP3ResyncTests {
  /// Seeded noise with frame-sync bytes sprinkled in, so the scan meets false starts.
  static func garbage(_ count: Int, seed: UInt64) -> [UInt8] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { index in
      index % 37 == 5 ? 0xFF : UInt8(truncatingIfNeeded: Int((random.nextSigned() + 1) * 128))
    }
  }

  @Test func garbageBetweenFramesIsSkippedAndCounted() throws {
    let folder = TemporaryFolder("mp3-resync")
    let clean = MP3TestFiles.bytes(try MP3TestFiles.makeEvenFrames(in: folder))
    let frame = MP3TestFiles.evenFrameLength
    let first = 30 * frame
    let second = 60 * frame
    let bytes =
      Array(clean[..<first]) + Self.garbage(700, seed: 3) + Array(clean[first..<second])
      + Self.garbage(50, seed: 4) + Array(clean[second...])
    let structure = try #require(MP3Structure.read(path: MP3TestFiles.write(bytes, to: "resync.mp3", in: folder)))
    #expect(structure.resyncCount == 2)
    let secondGarbage = Int64(second + 700)
    #expect(structure.resyncs == [Int64(first)..<Int64(first + 700), secondGarbage..<secondGarbage + 50])
    #expect(structure.audioFrameCount == 88)
    #expect(structure.ending == MP3Ending())
    #expect(structure.length.span.length == 100_003)
  }

  @Test func garbageToTheEndIsJunkNotAFrame() throws {
    let folder = TemporaryFolder("mp3-junk-end")
    let clean = MP3TestFiles.bytes(try MP3TestFiles.makeEvenFrames(in: folder))
    let bytes = clean + Self.garbage(5000, seed: 5)
    let structure = try #require(MP3Structure.read(path: MP3TestFiles.write(bytes, to: "junk.mp3", in: folder)))
    #expect(structure.resyncCount == 0)
    #expect(structure.audioFrameCount == 88)
    #expect(structure.ending.junk == Int64(clean.count)..<Int64(bytes.count))
    #expect(structure.ending.kind == .junk)
  }
}
