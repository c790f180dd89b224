import Containers
import Testing

/// The `iTunSMPB` text: written in the form iTunes writes, read as players read it.
@Suite("iTunSMPB text")
struct MP4GaplessInfoTextTests {
  /// Twelve fields, each after a space: zero, priming and padding in 8 hex digits, the length in
  /// 16, then eight zero fields (116 characters in all).
  @Test func writtenAsITunesWritesIt() {
    let text = ITunesGaplessInfo(priming: 2112, padding: 285, length: 100_003).text
    #expect(
      text
        == " 00000000 00000840 0000011D 00000000000186A3 00000000 00000000 00000000 00000000 00000000 00000000"
        + " 00000000 00000000")
    #expect(text.count == 116)
  }

  @Test func readBack() {
    let info = ITunesGaplessInfo(priming: 1024, padding: 0x3FF, length: 0x1_2345_6789)
    #expect(ITunesGaplessInfo(parsing: info.text) == info)
    // Shorter forms some tools write, and lower case.
    #expect(
      ITunesGaplessInfo(parsing: " 00000000 00000210 0000029c 0000000000000a1c")
        == ITunesGaplessInfo(priming: 0x210, padding: 0x29C, length: 0xA1C))
  }

  @Test(arguments: ["", " 00000000 00000840", " 00000000 0000084G 0000011D 00000000000186A3", "iTunes"])
  func unreadableTextIsNil(text: String) {
    #expect(ITunesGaplessInfo(parsing: text) == nil)
  }
}
