/// What the output should say about its tracks: tags, chapters, a CUE sheet, a tracklist.
public struct ListingOptions: Sendable, Equatable {
  /// Tags to write, over those carried from the inputs (`title`, `artist`, `album`, `date`, …).
  public var tags: [String: String]
  /// Embed one chapter per track where the container has chapters (M4A/M4B, MP3, Ogg, FLAC).
  public var chapters: Bool
  /// Write a CUE sheet for the output here.
  public var cueSheetPath: String?
  /// Embed the CUE sheet in the output's tags (`CUESHEET`, as FLAC players read it).
  public var embedCueSheet: Bool
  /// Write a plain tracklist (start times and titles) here.
  public var tracklistPath: String?
  /// A JPEG or PNG for the output's cover; the first input's picture when nil.
  public var coverArtPath: String?
  /// How chapters, and the track titles of CUE sheets, spell a track's name; chapters are
  /// `{artist} - {title}` and CUE titles the title alone when nil.
  public var chapterTitle: NameTemplate?
  /// How a tracklist spells a track's name after its start time; `{artist} - {title}` when nil.
  public var tracklistFormat: NameTemplate?

  /// Builds listing options; by default the output has only the tags and cover carried from its inputs:
  /// no chapters, CUE sheet or tracklist.
  public init(
    tags: [String: String] = [:], chapters: Bool = false, cueSheetPath: String? = nil, embedCueSheet: Bool = false,
    tracklistPath: String? = nil, coverArtPath: String? = nil, chapterTitle: NameTemplate? = nil, tracklistFormat: NameTemplate? = nil
  ) {
    self.chapterTitle = chapterTitle
    self.tracklistFormat = tracklistFormat
    self.coverArtPath = coverArtPath
    self.tags = tags
    self.chapters = chapters
    self.cueSheetPath = cueSheetPath
    self.embedCueSheet = embedCueSheet
    self.tracklistPath = tracklistPath
  }

  /// The side files to write, with their paths.
  var sideFiles: [(path: String, kind: SideFile)] {
    [cueSheetPath.map { ($0, SideFile.cueSheet) }, tracklistPath.map { ($0, SideFile.tracklist) }].compactMap { $0 }
  }

  enum SideFile { case cueSheet, tracklist }
}
