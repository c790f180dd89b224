import AudioTestSupport
import Containers
import Foundation
import Testing

/// The box reader on layouts FFmpeg does not write, built byte by byte: 64-bit sizes, version 1
/// headers and edit lists, a last box of size 0, QuickTime-style `meta`, and damaged files, whose
/// messages are checked word for word.
@Suite("MP4 box layouts")
struct MP4BoxLayoutTests {
  typealias B = MP4TestBoxes
  let folder = TemporaryFolder("mp4-layout")
  let ftyp = B.box("ftyp", Array("M4A ".utf8) + B.u32(0) + Array("M4A isom".utf8))
  static let gapless =
    " 00000000 00000840 0000011D 00000000000186A3 00000000 00000000 00000000 00000000 00000000 00000000"
    + " 00000000 00000000"

  func write(_ bytes: [UInt8], _ name: String = "file.m4a") -> String {
    let path = folder.file(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  /// A 30-hour track at 48 kHz: every time past 32 bits, so `mvhd`, `mdhd` and `elst` are version
  /// 1; `moov` has a 64-bit size; `meta` is QuickTime-style (no version and flags); the `mdat`
  /// after it has size 0 (to the end of the file).
  @Test func versionOneAndLargeSizes() throws {
    let media = 30 * 3600 * 48_000 + 2112
    let track = B.audioTrack(
      timescale: 48_000, duration: media, runs: [(media / 1024, 1024), (1, media % 1024)],
      edits: B.editList64([(duration: (media - 2112) * 10, mediaTime: 2112)]), version1: true)
    let items = B.box(
      "ilst", B.textItem([0xA9] + Array("too".utf8), "iTunes 12.9.0.164") + B.freeform("iTunSMPB", Self.gapless))
    let udta = B.box("udta", B.box("meta", B.handler("mdir") + items))
    let moov = B.largeBox("moov", B.header64("mvhd", timescale: 480_000, duration: (media - 2112) * 10) + track + udta)
    let mdat = B.u32(0) + Array("mdat".utf8) + [UInt8](repeating: 0x55, count: 100)
    let fields = try MP4File.audioTrackFields(at: write(ftyp + moov + mdat))
    #expect(fields.movieTimescale == 480_000)
    #expect(fields.mediaTimescale == 48_000)
    #expect(fields.mediaDuration == Int64(media))
    #expect(fields.edits == [MP4Edit(duration: Int64(media - 2112) * 10, mediaTime: 2112)])
    #expect(fields.packetDurations.total == Int64(media))
    #expect(fields.encoder == "iTunes 12.9.0.164")
    #expect(fields.gaplessInfo == ITunesGaplessInfo(priming: 2112, padding: 285, length: 100_003))
    #expect(fields.gaplessInfoFollowsTrack)
    #expect(try MP4File.gaplessSpan(at: write(ftyp + moov + mdat)).length == Int64(media - 2112))
  }

  /// An ISO `meta` (with version and flags) in a `udta` before the track: the tag is read, but it
  /// does not follow the track, so FFmpeg would not apply it, and the skip is the whole priming.
  @Test func tagBeforeTheTrack() throws {
    let items = B.box("ilst", B.freeform("iTunSMPB", Self.gapless))
    let udta = B.box("udta", B.fullBox("meta", B.handler("mdir") + items))
    let track = B.audioTrack(timescale: 44_100, duration: 102_400, runs: [(100, 1024)])
    let moov = B.box("moov", B.header32("mvhd", timescale: 1000, duration: 2268) + udta + track)
    let fields = try MP4File.audioTrackFields(at: write(ftyp + moov))
    #expect(fields.gaplessInfo?.priming == 2112)
    #expect(!fields.gaplessInfoFollowsTrack)
    #expect(MP4GaplessDecision.span(for: fields) == GaplessSpan(skip: 2112, length: 100_003, source: "iTunSMPB"))
  }

  /// An item list in a `meta` straight inside `moov` (no `udta`), after the track: FFmpeg reads it
  /// there too and drops the priming itself (measured: an iTunSMPB priming of 2112 moved there
  /// from `udta` still decodes 99,264 of 101,376 frames), so the span must skip nothing.
  @Test func metaWithoutUserData() throws {
    let meta = B.fullBox("meta", B.handler("mdir") + B.box("ilst", B.freeform("iTunSMPB", Self.gapless)))
    let track = B.audioTrack(timescale: 44_100, duration: 102_400, runs: [(100, 1024)])
    let moov = B.box("moov", B.header32("mvhd", timescale: 1000, duration: 2322) + track + meta)
    let fields = try MP4File.audioTrackFields(at: write(ftyp + moov))
    #expect(fields.gaplessInfo?.priming == 2112)
    #expect(fields.gaplessInfoFollowsTrack)
    #expect(MP4GaplessDecision.span(for: fields) == GaplessSpan(skip: 0, length: 100_003, source: "iTunSMPB"))
  }

  /// An item list in the audio track's own `udta`, before a video track: FFmpeg reads it as the
  /// audio track's (measured: an iTunSMPB priming of 2112 moved into `trak/udta` still decodes
  /// 99,264 of 101,376 frames), so the span must skip nothing.
  @Test func itemListInTheTrack() throws {
    let udta = B.box("udta", B.fullBox("meta", B.handler("mdir") + B.box("ilst", B.freeform("iTunSMPB", Self.gapless))))
    let audio = B.audioTrack(timescale: 44_100, duration: 102_400, runs: [(100, 1024)])
    let track = B.box("trak", Array(audio.dropFirst(8)) + udta)
    let video = B.box("trak", B.box("mdia", B.handler("vide")))
    let moov = B.box("moov", B.header32("mvhd", timescale: 1000, duration: 2322) + track + video)
    let fields = try MP4File.audioTrackFields(at: write(ftyp + moov))
    #expect(fields.gaplessInfo?.priming == 2112)
    #expect(fields.gaplessInfoFollowsTrack)
    #expect(MP4GaplessDecision.span(for: fields) == GaplessSpan(skip: 0, length: 100_003, source: "iTunSMPB"))
  }

  /// Damaged and foreign files, with the exact message each gives.
  @Test func damagedFiles() throws {
    let mvhd = B.header32("mvhd", timescale: 1000, duration: 2268)
    let audio = B.audioTrack(timescale: 44_100, duration: 1024, runs: [(1, 1024)])
    let video = B.box("trak", B.box("mdia", B.handler("vide")))
    let moovAt = Int64(ftyp.count)
    // An stts that counts 5 runs but holds 1.
    let shortTable = B.fullBox("stts", B.u32(5) + B.u32(1) + B.u32(1024))
    let damagedTrack = B.audioTrack(timescale: 44_100, duration: 1024, runs: [], stts: shortTable)
    let damaged = ftyp + B.box("moov", mvhd + damagedTrack)
    let sttsAt = Int64(damaged.count - shortTable.count)
    let cases: [(bytes: [UInt8], message: String)] = [
      ([], "PATH is not an MP4 file: it has no 'moov' box"),
      (ftyp + B.box("mdat", [1, 2, 3]), "PATH is not an MP4 file: it has no 'moov' box"),
      (ftyp + B.box("moov", mvhd + video), "PATH has no audio track"),
      (
        ftyp + B.box("moov", B.u32(4) + Array("mvhd".utf8)),
        "PATH is damaged: the 'mvhd' box at byte \(moovAt + 8) states a size smaller than its header"
      ),
      (
        ftyp + B.box("moov", B.u32(500) + Array("trak".utf8) + B.u32(0)),
        "PATH is damaged: the 'trak' box at byte \(moovAt + 8) runs past the end of the box that holds it"
      ),
      (
        ftyp + B.box("moov", audio),
        "PATH is damaged: the 'moov' box at byte \(moovAt) has no 'mvhd' box"
      ),
      (damaged, "PATH is damaged: the 'stts' box at byte \(sttsAt) is too short for its fields"),
    ]
    for (index, (bytes, message)) in cases.enumerated() {
      let path = write(bytes, "damaged-\(index).m4a")
      let error = #expect(throws: MP4Error.self) { try MP4File.audioTrackFields(at: path) }
      #expect(error?.description == message.replacingOccurrences(of: "PATH", with: path), "case \(index)")
    }
  }

  /// A file that is not there, and a folder.
  @Test func notAFile() {
    let missing = folder.file("nothing.m4a")
    let error = #expect(throws: MP4Error.self) { try MP4File.audioTrackFields(at: missing) }
    #expect(error?.description == "cannot read \(missing): there is no such file")
    let notFile = #expect(throws: MP4Error.self) { try MP4File.audioTrackFields(at: folder.path) }
    #expect(notFile?.description == "cannot read \(folder.path): it is a folder")
  }
}
