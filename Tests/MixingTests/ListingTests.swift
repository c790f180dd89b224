import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// Chapters, CUE sheets and tracklists put each track where the timeline starts it.
@Suite struct ListingTests {
  /// Three titled tracks at 44.1 kHz, crossfaded by 0.5 s, so two track starts fall mid-fade.
  func renderAlbum(_ fixture: MixFixture, output: String, listing: ListingOptions) throws -> RenderReport {
    var inputs = try [44_101, 52_919, 39_997].enumerated().map { index, frames in
      try fixture.track("t\(index)", Signal.noise(channels: 2, frames: frames, seed: UInt64(index + 9)))
    }
    for index in inputs.indices { inputs[index].title = ["Intro", "Middle", "Outro"][index] }
    inputs[1].artist = "Guest"
    return try Renderer.render(
      RenderRequest(inputs: inputs, outputPath: fixture.folder.file(output), mix: MixOptions(crossfade: 0.5), listing: listing))
  }

  struct ChapterCase: CustomTestStringConvertible, Sendable {
    var testDescription: String { "\(fileExtension), within \(tolerance) frames" }
    var fileExtension: String
    /// The container's resolution: MP4 keeps sample frames, the others milliseconds.
    var tolerance: Int64
  }

  static let chapterCases = [
    ChapterCase(fileExtension: "m4b", tolerance: 0), ChapterCase(fileExtension: "mp3", tolerance: 22),
    ChapterCase(fileExtension: "ogg", tolerance: 22), ChapterCase(fileExtension: "flac", tolerance: 22),
    ChapterCase(fileExtension: "opus", tolerance: 24),
  ]

  @Test(arguments: chapterCases)
  func chaptersReadBackAtTheTrackStarts(_ chapterCase: ChapterCase) throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let report = try renderAlbum(fixture, output: "album.\(chapterCase.fileExtension)", listing: ListingOptions(chapters: true))
    let starts = report.timeline.trackStarts
    let expectedStarts: [Int64] = [0, 33_076, 63_945]  // the middles of the two 22_050-frame overlaps
    if report.layout.sampleRate == 44_100 { #expect(starts == expectedStarts) }
    let chapters = try AudioStreamInfo.probe(path: report.outputPath).chapters
    #expect(chapters.map(\.title) == ["Intro", "Guest - Middle", "Outro"])
    for (chapter, start) in zip(chapters, starts) {
      #expect(abs(chapter.start - start) <= chapterCase.tolerance, "chapter at \(chapter.start), track at \(start)")
    }
  }

  @Test func chaptersAgreeWithTheFFmpegCLI() throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let report = try renderAlbum(fixture, output: "album.m4a", listing: ListingOptions(chapters: true))
    let output = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_chapters", "-of", "csv=p=0", report.outputPath])
    let starts = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").map { $0.split(separator: ",")[2] }
    #expect(starts == report.timeline.trackStarts.map { Substring(String($0)) })
  }

  @Test func cueSheetAndTracklistFiles() throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let listing = ListingOptions(
      tags: ["artist": "Various", "title": "Night"], cueSheetPath: fixture.folder.file("album.cue"), tracklistPath: fixture.folder.file("album.txt"))
    let report = try renderAlbum(fixture, output: "album.flac", listing: listing)
    let cue = try String(contentsOfFile: fixture.folder.file("album.cue"), encoding: .utf8)
    let cdFrames = report.timeline.trackStarts.map { ($0 * 75 + 22_050) / 44_100 }
    #expect(cdFrames == [0, 56, 109])
    #expect(
      cue == """
        REM COMMENT "Segue"
        PERFORMER "Various"
        TITLE "Night"
        FILE "album.flac" WAVE
          TRACK 01 AUDIO
            TITLE "Intro"
            INDEX 01 00:00:00
          TRACK 02 AUDIO
            TITLE "Middle"
            PERFORMER "Guest"
            INDEX 01 00:00:56
          TRACK 03 AUDIO
            TITLE "Outro"
            INDEX 01 00:01:34

        """)
    let tracklist = try String(contentsOfFile: fixture.folder.file("album.txt"), encoding: .utf8)
    #expect(tracklist == "0:00 Intro\n0:01 Guest - Middle\n0:01 Outro\n")
    #expect(try AudioStreamInfo.probe(path: report.outputPath).tags["title"] == "Night")
  }

  @Test func embeddedCueSheetAndAlbumTagsAreKept() throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    var paths: [String] = []
    for index in 0..<2 {
      let path = fixture.folder.file("a\(index).flac")
      try FFmpegCLI.make([
        "-f", "lavfi", "-i", "sine=f=440:d=1:r=44100", "-metadata", "album=Blue", "-metadata", "artist=Band",
        "-metadata", "date=1999", "-metadata", "title=Song \(index)", path,
      ])
      paths.append(path)
    }
    let output = fixture.folder.file("album.flac")
    _ = try Renderer.render(
      RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: output, listing: ListingOptions(embedCueSheet: true)))
    let tags = try AudioStreamInfo.probe(path: output).tags
    #expect(tags["album"] == "Blue" && tags["title"] == "Blue" && tags["artist"] == "Band" && tags["date"] == "1999")
    #expect(tags["cuesheet"]?.contains("TITLE \"Song 1\"\n    PERFORMER \"Band\"\n    INDEX 01 00:01:00") == true)
  }
}

/// Cover pictures: given, or carried over from the first track of an album; noted where the container has no room.
@Suite struct CoverArtTests {
  @Test(arguments: ["mp3", "m4a", "flac"])
  func coverIsWrittenAndCarriedOver(_ fileExtension: String) throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let picture = fixture.folder.file("cover.png")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "color=c=blue:s=48x32", "-frames:v", "1", picture])
    let track = try fixture.track("t", Signal.noise(channels: 2, frames: 30_000))
    let first = fixture.folder.file("first.\(fileExtension)")
    _ = try Renderer.render(RenderRequest(inputs: [track], outputPath: first, listing: ListingOptions(coverArtPath: picture)))
    let pictureBytes = try #require(FileManager.default.contents(atPath: picture))
    #expect(CoverArt.attached(to: first)?.data == Array(pictureBytes))
    let second = fixture.folder.file("second.\(fileExtension)")
    var album = [InputSource(path: first), track]
    for index in album.indices { album[index].album = "Blue" }
    _ = try Renderer.render(RenderRequest(inputs: album, outputPath: second))
    #expect(CoverArt.attached(to: second)?.data == Array(pictureBytes), "carried over from the album's first track")
  }

  @Test func oggOutputNotesTheMissingCover() throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let picture = fixture.folder.file("cover.jpg")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", picture])
    let track = try fixture.track("t", Signal.noise(channels: 2, frames: 30_000))
    let report = try Renderer.render(
      RenderRequest(inputs: [track], outputPath: fixture.folder.file("x.ogg"), listing: ListingOptions(coverArtPath: picture)))
    #expect(report.notes == ["the cover picture was left out: FFmpeg cannot put one in .ogg output"])
  }

  @Test func notAPictureIsRefused() throws {
    let fixture = MixFixture(sampleRate: 44_100, channels: 2)
    let track = try fixture.track("t", Signal.noise(channels: 2, frames: 3000))
    let error = #expect(throws: RenderError.self) {
      try Renderer.render(
        RenderRequest(inputs: [track], outputPath: fixture.folder.file("x.mp3"), listing: ListingOptions(coverArtPath: track.path)))
    }
    #expect(error?.description == "\(track.path): not a JPEG or PNG picture")
    #expect(fixture.folder.contents() == ["t.wav"])
  }
}
