import ArgumentParser
import Rendering

/// The command-line options that describe the output's tracks: tags, chapters, CUE sheet, tracklist.
struct ListingFlags: ParsableArguments {
  @Flag(help: "Embed a chapter per track (M4A/M4B, MP3, Ogg, FLAC).")
  var chapters = false

  @Option(help: ArgumentHelp("Write a CUE sheet for the output.", valueName: "file"))
  var cue: String?

  @Flag(help: "Embed the CUE sheet in the output's tags (CUESHEET, as FLAC players read it).")
  var embedCue = false

  @Option(help: ArgumentHelp("Write a plain tracklist (start times and titles).", valueName: "file"))
  var tracklist: String?

  @Option(
    help: ArgumentHelp(
      "How chapters (and CUE track titles) name a track: {artist}, {title}, {album}, {n}, {file} and text (default: {artist} - {title}).",
      valueName: "template"))
  var chapterTitle: String?

  @Option(help: ArgumentHelp("How the tracklist names a track after its time (default: {artist} - {title}).", valueName: "template"))
  var tracklistFormat: String?

  @Option(help: "The mix's title tag (default: the playlist's title, the album every track shares, or the playlist's file name).")
  var title: String?

  @Option(help: "The mix's artist tag (default: the playlist's, or the artist every track shares).")
  var artist: String?

  @Option(help: "The mix's album tag (default: the album every track shares).")
  var album: String?

  @Option(help: "The output's date tag.")
  var date: String?

  @Option(help: ArgumentHelp("A JPEG or PNG for the output's cover (default: the first track's picture).", valueName: "file"))
  var cover: String?

  func validate() throws { _ = try options() }

  /// The options for the renderer; a template that cannot be read is a usage error naming its flag.
  func options() throws -> ListingOptions {
    let tags = ["title": title, "artist": artist, "album": album, "date": date].compactMapValues { $0 }
    return ListingOptions(
      tags: tags, chapters: chapters, cueSheetPath: cue, embedCueSheet: embedCue, tracklistPath: tracklist, coverArtPath: cover,
      chapterTitle: try template(chapterTitle, flag: "--chapter-title"), tracklistFormat: try template(tracklistFormat, flag: "--tracklist-format"))
  }

  private func template(_ text: String?, flag: String) throws -> NameTemplate? {
    guard let text else { return nil }
    do { return try NameTemplate(text) } catch { throw ValidationError("\(flag): \(error)") }
  }
}
