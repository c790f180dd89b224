import Playlists
import SamplePlaylists
import Testing

/// CUE sheets: tracks cut out of images at exact CD frames, gaps, and the exact messages for
/// what is refused.
@Suite struct CUESheetTests {
  let file = "/cds/live/live.cue"

  @Test func cutsASingleImageIntoItsTracksWithoutGapsOrOverlaps() throws {
    let entries = try CUESheet.parse(PlaylistSamples.cue, file: file).entries
    let starts: [Int64] = [0, (5 * 60 + 1) * 75, (9 * 60 + 30) * 75 + 74, (14 * 60 + 2) * 75 + 37]
    #expect(entries.map(\.options.inPoint) == starts.map { .cdFrames($0) })
    #expect(entries.map(\.options.outPoint) == starts.dropFirst().map { .cdFrames($0) } + [nil])
    #expect(entries.allSatisfy { $0.path == "/cds/live/live set.flac" && $0.location == "live set.flac" })
    #expect(entries.map(\.title) == ["Opening", "Second", "Third One", "Closing"])
    #expect(entries.map(\.artist) == ["The Band", "Guest", "The Band", "The Band"])
    #expect(entries.allSatisfy { $0.album == "Live at the Hall" })
    #expect(entries.allSatisfy { $0.playerTitle == nil })
    #expect(entries.map(\.origin) == [6, 9, 14, 17].map { PlaylistLocation(file: file, line: $0) })
    #expect(entries.map(\.options.transition) == [.gapless, .gapless, .gapless, nil], "one image: continuous, so gapless")
    #expect(entries.allSatisfy { $0.durationHint == nil })
  }

  @Test func readsOneFilePerTrackWithGapsAppendedToThePreviousFile() throws {
    let text = """
      FILE "01.wav" WAVE
        TRACK 01 AUDIO
          INDEX 01 00:00:00
        TRACK 02 AUDIO
          INDEX 00 03:10:00
      FILE "02.wav" WAVE
          INDEX 01 00:00:00
      FILE "03.wav" WAVE
        TRACK 03 AUDIO
          INDEX 01 00:00:33
      """
    let entries = try CUESheet.parse(text, file: file).entries
    #expect(entries.map(\.path) == ["/cds/live/01.wav", "/cds/live/02.wav", "/cds/live/03.wav"])
    #expect(entries.map(\.options.inPoint) == [.cdFrames(0), .cdFrames(0), .cdFrames(33)])
    #expect(entries.map(\.options.outPoint) == [nil, nil, nil])
    #expect(entries.map { $0.origin?.line } == [2, 4, 9])
  }

  @Test func turnsPregapsAndPostgapsIntoGaps() throws {
    let text = """
      FILE a.wav WAVE
        TRACK 01 AUDIO
          PREGAP 00:03:00
          INDEX 01 00:00:00
          POSTGAP 00:01:00
      FILE "b.wav" WAVE
        TRACK 02 AUDIO
          PREGAP 00:02:37
          INDEX 01 00:00:00
        TRACK 03 AUDIO
          PREGAP 00:00:15
          INDEX 01 02:00:00
      FILE c.wav WAVE
        TRACK 04 AUDIO
          INDEX 01 00:00:00
          POSTGAP 00:02:00
      """
    let entries = try CUESheet.parse(text, file: file).entries
    #expect(entries.map(\.options.transition) == [.gap(seconds: 262.0 / 75), .gap(seconds: 0.2), nil, .gap(seconds: 2)])
    #expect(entries.map(\.options.outPoint) == [nil, .cdFrames(9000), nil, nil])
  }

  @Test func readsUnquotedLowerCaseAndUntypedLinesAndSkipsDataTracks() throws {
    let text = """
      REM a sheet written by hand
      title Unquoted Album Title
      file My Live Set.flac wave
        track 01 audio
          performer Someone Else
          index 01 00:00:00
      FILE "data.bin" BINARY
        TRACK 02 MODE1/2352
          INDEX 01 00:00:00
      FILE "/abs/last.mp3"
        TRACK 03 AUDIO
          FLAGS DCP
          ISRC ABCDE1234567
          INDEX 01 00:00:00
          INDEX 02 00:30:00
      """
    let entries = try CUESheet.parse(text, file: file).entries
    #expect(entries.map(\.path) == ["/cds/live/My Live Set.flac", "/abs/last.mp3"])
    #expect(entries.map(\.album) == ["Unquoted Album Title", "Unquoted Album Title"])
    #expect(entries.map(\.artist) == ["Someone Else", nil])
    #expect(try CUESheet.parse(text, file: file).tags == ["title": "Unquoted Album Title", "album": "Unquoted Album Title"], "a remark in prose is no field")
    #expect(entries.map(\.options.outPoint) == [nil, nil])
  }

  /// The disc's TITLE, PERFORMER and REM fields describe the album as a whole; ReplayGain fields
  /// measure the disc, not a mix made of it, and a track's REM lines describe the track.
  @Test func discFieldsBecomeThePlaylistsTags() throws {
    #expect(
      try CUESheet.parse(PlaylistSamples.cue, file: file).tags
        == ["genre": "Rock", "comment": "ExactAudioCopy v1.0", "artist": "The Band", "title": "Live at the Hall", "album": "Live at the Hall"])
    let text = """
      REM DATE 1959
      REM REPLAYGAIN_ALBUM_GAIN -7.89 dB
      REM DISCID 860B640B
      FILE "a.flac" WAVE
        TRACK 01 AUDIO
          REM COMPOSER Someone
          INDEX 01 00:00:00
      """
    #expect(try CUESheet.parse(text, file: file).tags == ["date": "1959", "discid": "860B640B"])
  }

  @Test func cdFramesBecomeExactSampleFrames() throws {
    let entries = try CUESheet.parse(PlaylistSamples.cue, file: file).entries
    let second = try #require(entries[1].options.inPoint)
    #expect(second.frames(at: 44_100) == (5 * 60 + 1) * 44_100)
    #expect(second.frames(at: 48_000) == (5 * 60 + 1) * 48_000)
    let third = try #require(entries[2].options.inPoint)
    #expect(third.frames(at: 44_100) == (9 * 60 + 30) * 44_100 + 74 * 588)
  }

  @Test(arguments: [
    PlaylistSamples.cue, "FILE \"a.wav\" WAVE\n", "\u{FEFF}REM x\r\nTITLE \"T\"\r\nTRACK 01 AUDIO\r\n", "CATALOG 1234567890123\nFILE a b.wav WAVE",
  ])
  func probeRecognisesSheets(_ text: String) {
    #expect(CUESheet.probe(text))
  }

  @Test(arguments: [
    "", "#EXTM3U\nFILE \"a.wav\" WAVE\n", "Track 01 Audio.mp3\n", "track 01 audio.mp3\n", "FILE 1.mp3\n", "File of songs.mp3\n",
    "TITLE song.mp3\nb.mp3\n", "REM.mp3\nFILE \"a.wav\" WAVE\n", "FILE \"a.wav WAVE\n", "[playlist]\nFile1=a.mp3\n",
  ])
  func probeRefusesOtherText(_ text: String) {
    #expect(!CUESheet.probe(text))
  }

  static let badCases = [
    MalformedCase(
      testDescription: "seconds of 60", text: "FILE a.wav WAVE\n  TRACK 01 AUDIO\n    INDEX 01 01:61:00\n",
      message: "/cds/live/live.cue:3:14: INDEX 01 time '01:61:00' has seconds of 60 or more"),
    MalformedCase(
      testDescription: "frames of 75", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 01 00:10:75\n",
      message: "/cds/live/live.cue:3:10: INDEX 01 time '00:10:75' has frames of 75 or more"),
    MalformedCase(
      testDescription: "two parts", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 01 1:02\n",
      message: "/cds/live/live.cue:3:10: INDEX 01 time '1:02' is not mm:ss:ff"),
    MalformedCase(
      testDescription: "signed", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 01 +1:02:03\n",
      message: "/cds/live/live.cue:3:10: INDEX 01 time '+1:02:03' is not mm:ss:ff"),
    MalformedCase(
      testDescription: "fractional frames", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 00 00:02:10.5\n",
      message: "/cds/live/live.cue:3:10: INDEX 00 time '00:02:10.5' is not mm:ss:ff"),
    MalformedCase(
      testDescription: "pregap frames", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nPREGAP 00:02:80\n",
      message: "/cds/live/live.cue:3:8: PREGAP time '00:02:80' has frames of 75 or more"),
    MalformedCase(
      testDescription: "postgap without time", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 01 00:00:00\nPOSTGAP\n",
      message: "/cds/live/live.cue:4: POSTGAP needs a time, like 'POSTGAP 00:02:00'"),
    MalformedCase(
      testDescription: "index before track", text: "FILE a.wav WAVE\nINDEX 01 00:00:00\n",
      message: "/cds/live/live.cue:2: INDEX before any TRACK"),
    MalformedCase(
      testDescription: "pregap before track", text: "FILE a.wav WAVE\nPREGAP 00:02:00\n",
      message: "/cds/live/live.cue:2: PREGAP before any TRACK"),
    MalformedCase(
      testDescription: "track before file", text: "REM x\nTRACK 01 AUDIO\nINDEX 01 00:00:00\n",
      message: "/cds/live/live.cue:2: TRACK before any FILE"),
    MalformedCase(
      testDescription: "track without INDEX 01", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 00 00:00:00\nTRACK 02 AUDIO\nINDEX 01 00:01:00\n",
      message: "/cds/live/live.cue:2: track 01 has no INDEX 01"),
    MalformedCase(
      testDescription: "last track without INDEX 01", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 01 00:00:00\nTRACK 02 AUDIO\n",
      message: "/cds/live/live.cue:4: track 02 has no INDEX 01"),
    MalformedCase(
      testDescription: "second INDEX 01", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 01 00:00:00\nINDEX 01 00:01:00\n",
      message: "/cds/live/live.cue:4: track 01 has a second INDEX 01"),
    MalformedCase(
      testDescription: "going backwards", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 01 00:20:00\nTRACK 02 AUDIO\nINDEX 01 00:10:00\n",
      message: "/cds/live/live.cue:5:10: INDEX 01 time '00:10:00' is not after track 01's '00:20:00' in the same FILE"),
    MalformedCase(
      testDescription: "standing still", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 01 00:20:00\nTRACK 02 AUDIO\nINDEX 01 00:20:00\n",
      message: "/cds/live/live.cue:5:10: INDEX 01 time '00:20:00' is not after track 01's '00:20:00' in the same FILE"),
    MalformedCase(
      testDescription: "missing closing quote", text: "TITLE \"Live\"\nFILE \"a.wav WAVE\n",
      message: "/cds/live/live.cue:2:6: missing closing quote"),
    MalformedCase(testDescription: "file without name", text: "FILE\n", message: "/cds/live/live.cue:1: FILE needs a file name"),
    MalformedCase(
      testDescription: "track without type", text: "FILE a.wav WAVE\nTRACK 01\n",
      message: "/cds/live/live.cue:2: TRACK needs a number and a type, like 'TRACK 01 AUDIO'"),
    MalformedCase(
      testDescription: "track number", text: "FILE a.wav WAVE\nTRACK one AUDIO\n",
      message: "/cds/live/live.cue:2:7: track number 'one' is not a number"),
    MalformedCase(
      testDescription: "index without time", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX 01\n",
      message: "/cds/live/live.cue:3: INDEX needs a number and a time, like 'INDEX 01 00:00:00'"),
    MalformedCase(
      testDescription: "index number", text: "FILE a.wav WAVE\nTRACK 01 AUDIO\nINDEX x1 00:00:00\n",
      message: "/cds/live/live.cue:3:7: index number 'x1' is not a number"),
    MalformedCase(
      testDescription: "network file", text: "FILE \"http://example.com/a.mp3\" MP3\n",
      message: "/cds/live/live.cue:1: 'http://example.com/a.mp3' is a network stream; Segue renders local files"),
  ]

  @Test(arguments: badCases)
  func refusesWithExactMessage(_ bad: MalformedCase) {
    expectRefusal(CUESheet.self, bad, file: file)
  }
}
