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

  @Option(help: "The output's title tag (default: the album's, or the first track's).")
  var title: String?

  @Option(help: "The output's artist tag.")
  var artist: String?

  @Option(help: "The output's album tag.")
  var album: String?

  @Option(help: "The output's date tag.")
  var date: String?

  @Option(help: ArgumentHelp("A JPEG or PNG for the output's cover (default: the first track's picture).", valueName: "file"))
  var cover: String?

  /// The options for the renderer.
  var options: ListingOptions {
    let tags = ["title": title, "artist": artist, "album": album, "date": date].compactMapValues { $0 }
    return ListingOptions(tags: tags, chapters: chapters, cueSheetPath: cue, embedCueSheet: embedCue, tracklistPath: tracklist,
      coverArtPath: cover)
  }
}
