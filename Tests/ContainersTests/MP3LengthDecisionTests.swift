import Containers
import Testing

/// The length decision as a table: what the info frame states against the frames found.
struct MP3LengthDecisionTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var info: MP3InfoFrame?
    var audioFrames: Int64?
    var skip: Int64
    var length: Int64?
    var source: String
    var missingFrames: Int64 = 0
    var missingSamples: Int64 = 0
    var notePrefix: String?
    var description: String { name }
  }

  static let lavc = LAMETag(encoder: "Lavc59.37", encoderDelay: 576, padding: 797)
  static let info88 = MP3InfoFrame(kind: .info, frameCount: 88, lame: lavc)

  static let cases: [Case] = [
    Case(name: "clean", info: info88, audioFrames: 88, skip: 0, length: 100_003, source: "LAME tag"),
    Case(
      name: "cut after 49 frames", info: info88, audioFrames: 49, skip: 0, length: 49 * 1152 - 1105, source: "LAME tag",
      missingFrames: 39, missingSamples: 100_003 - (49 * 1152 - 1105), notePrefix: "cut short"),
    Case(
      name: "more frames than stated", info: info88, audioFrames: 100, skip: 0, length: nil, source: "LAME tag",
      notePrefix: "the file holds 100 audio frames"),
    Case(
      name: "padding shorter than the decoder delay",
      info: MP3InfoFrame(
        kind: .info, frameCount: 88, lame: LAMETag(encoder: "LAME3.100", encoderDelay: 576, padding: 100)),
      audioFrames: 88, skip: 0, length: 88 * 1152 - 576 - 529, source: "LAME tag", notePrefix: "the padding is shorter"),
    Case(
      name: "encoder FFmpeg ignores",
      info: MP3InfoFrame(kind: .xing, frameCount: 88, lame: LAMETag(encoder: "GOGO", encoderDelay: 576, padding: 797)),
      audioFrames: 88, skip: 1105, length: 100_003, source: "LAME tag"),
    Case(
      name: "LAME tag without frame count", info: MP3InfoFrame(kind: .xing, lame: lavc), audioFrames: 88, skip: 0,
      length: 100_003, source: "LAME tag"),
    Case(
      name: "free format with LAME tag", info: info88, audioFrames: nil, skip: 0, length: 100_003, source: "LAME tag",
      notePrefix: "free-format"),
    Case(
      name: "Xing count", info: MP3InfoFrame(kind: .xing, frameCount: 88), audioFrames: 88, skip: 0, length: 88 * 1152,
      source: "Xing frame count", notePrefix: "no encoder delay"),
    Case(
      name: "Xing count, cut", info: MP3InfoFrame(kind: .xing, frameCount: 88), audioFrames: 80, skip: 0,
      length: 80 * 1152, source: "Xing frame count", missingFrames: 8, missingSamples: 8 * 1152, notePrefix: "cut short"
    ),
    Case(
      name: "VBRI count", info: MP3InfoFrame(kind: .vbri, frameCount: 88, vbriDelay: 576), audioFrames: 88, skip: 0,
      length: 88 * 1152, source: "VBRI frame count", notePrefix: "no encoder delay"),
    Case(
      name: "Xing frame count of zero", info: MP3InfoFrame(kind: .xing, frameCount: 0), audioFrames: 88, skip: 0,
      length: nil, source: "none (no LAME/Xing tag)"),
    Case(name: "no info frame", info: nil, audioFrames: 88, skip: 0, length: nil, source: "none (no LAME/Xing tag)"),
  ]

  @Test(arguments: cases)
  func decision(_ expected: Case) {
    let decided = MP3Length.decide(info: expected.info, audioFrames: expected.audioFrames, samplesPerFrame: 1152)
    #expect(decided.span.skip == expected.skip)
    #expect(decided.span.length == expected.length)
    #expect(decided.span.source == expected.source)
    #expect(decided.missingFrames == expected.missingFrames)
    #expect(decided.missingSamples == expected.missingSamples)
    if let prefix = expected.notePrefix {
      #expect(decided.span.note?.hasPrefix(prefix) == true, "\(decided.span.note ?? "no note")")
    } else {
      #expect(decided.span.note == nil)
    }
  }
}
