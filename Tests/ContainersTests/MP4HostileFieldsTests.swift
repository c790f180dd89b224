import AudioTestSupport
import Containers
import Foundation
import Testing

/// Hostile fields that are well-formed boxes but impossible numbers: each must give a span or a
/// message, never a crash (an arithmetic overflow traps in Swift) or a runaway allocation.
@Suite("MP4 hostile fields")
struct MP4HostileFieldsTests {
  typealias B = MP4TestBoxes
  let folder = TemporaryFolder("mp4-hostile")
  let ftyp = B.box("ftyp", Array("M4A ".utf8) + B.u32(0) + Array("M4A isom".utf8))
  let mvhd = B.header32("mvhd", timescale: 1000, duration: 2268)

  func write(_ bytes: [UInt8], _ name: String = "file.m4a") -> String {
    let path = folder.file(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  /// An `stts` run of 2³² − 1 packets of 2³² − 1 ticks each: 1.8 × 10¹⁹ ticks, past `Int64.max`.
  @Test func sampleTableTotalPastInt64() throws {
    let most = Int(UInt32.max)
    let track = B.audioTrack(timescale: 44_100, duration: 1024, runs: [(most, most), (most, most)])
    let bytes = ftyp + B.box("moov", mvhd + track)
    let sttsAt = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("stts".utf8) }) - 4
    let path = write(bytes)
    let error = #expect(throws: MP4Error.self) { try MP4File.audioTrackFields(at: path) }
    #expect(
      error?.description
        == "\(path) is damaged: the 'stts' box at byte \(sttsAt) adds up to more time than 64 bits hold")
  }

  /// An `mdhd` (version 1) whose duration is the most negative 64-bit number, and an edit list
  /// whose pauses add up past `Int64.max`.
  @Test func extremeDurationsInTheDecision() throws {
    let track = MP4AudioTrackFields(
      codec: "mp4a", objectType: 0x40, audioObjectType: 2, sampleRate: 44_100, movieTimescale: 1000,
      mediaTimescale: 44_100, mediaDuration: .min,
      edits: [
        MP4Edit(duration: .max, mediaTime: -1), MP4Edit(duration: .max, mediaTime: -1),
        MP4Edit(duration: 2267, mediaTime: 1024),
      ],
      packetDurations: MP4SampleDurations(runs: [(98, 1024), (1, 675)]), encoder: "Lavf59.27.100")
    let span = MP4GaplessDecision.span(for: track)
    #expect(span.skip == 0 && span.length == 100_003)
  }

  /// An edit whose media time is `Int64.max` starts past the media, so nothing plays; one whose
  /// duration (version 1, unsigned) reads as negative is not used.
  @Test func impossibleEdits() {
    func alac(_ edit: MP4Edit) -> MP4AudioTrackFields {
      MP4AudioTrackFields(
        codec: "alac", sampleRate: 44_100, movieTimescale: 1000, mediaTimescale: 44_100, mediaDuration: 100_003,
        edits: [edit], packetDurations: MP4SampleDurations(runs: [(24, 4096), (1, 1699)]))
    }
    let pastTheEnd = MP4GaplessDecision.span(for: alac(MP4Edit(duration: 0, mediaTime: .max)))
    #expect(pastTheEnd.length == 0)
    #expect(pastTheEnd.note == "the edit list starts at or past the end of the media")
    let negative = MP4GaplessDecision.span(for: alac(MP4Edit(duration: -5, mediaTime: 0)))
    #expect(negative.length == nil)
    #expect(
      negative.note
        == "the edit list states a negative time, so it was not used; "
        + "no edit list or iTunSMPB and no known encoder: the length is what decodes")
  }

  /// A sample entry whose child is a `wave` box holding a `wave` box, 100,000 deep (800 kB):
  /// reading it must neither copy the rest at every level (40 GB) nor recurse that deep.
  @Test func deeplyNestedWaveBoxes() throws {
    let depth = 100_000
    // Built outside in: each header's size counts the headers inside it and the empty `esds`.
    let headers = (0..<depth).flatMap { level in B.u32(8 * (depth - level) + 8) + Array("wave".utf8) }
    let nested = headers + B.box("esds", [])
    let entry = B.box(
      "mp4a",
      [UInt8](repeating: 0, count: 6) + B.u16(1) + B.u16(0) + B.u16(0) + B.u32(0) + B.u16(2) + B.u16(16) + B.u16(0)
        + B.u16(0) + B.u32(44_100 << 16) + nested)
    let stbl = B.box("stbl", B.fullBox("stsd", B.u32(1) + entry) + B.timeToSample([(1, 1024)]))
    let mdia = B.box(
      "mdia", B.header32("mdhd", timescale: 44_100, duration: 1024) + B.handler("soun") + B.box("minf", stbl))
    let path = write(ftyp + B.box("moov", mvhd + B.box("trak", mdia)))
    let fields = try MP4File.audioTrackFields(at: path)
    #expect(fields.codec == "mp4a" && fields.sampleRate == 44_100 && fields.objectType == nil)
  }
}
