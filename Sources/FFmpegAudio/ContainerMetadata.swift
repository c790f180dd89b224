/// Tags and chapters for an output file, written into its header where the container has room.
public struct ContainerMetadata: Sendable, Equatable {
  /// Tags by FFmpeg's generic keys: `title`, `artist`, `album_artist`, `album`, `date`, `genre`, …
  public var tags: [String: String]
  /// Chapters in sample frames at the output's sample rate, written where the container keeps them.
  public var chapters: [Chapter]
  /// A picture for players to show, where the container has room for one (MP3, MP4, FLAC).
  public var coverArt: CoverArt?

  /// Metadata from tags, chapters and a cover picture, each empty or absent by default.
  public init(tags: [String: String] = [:], chapters: [Chapter] = [], coverArt: CoverArt? = nil) {
    self.tags = tags
    self.chapters = chapters
    self.coverArt = coverArt
  }
}

/// A titled stretch of a file, in sample frames.
public struct Chapter: Sendable, Equatable, Codable {
  /// The sample frame where the chapter starts.
  public var start: Int64
  /// The sample frame where the chapter ends.
  public var end: Int64
  /// The chapter's title as players show it; empty when the file names none.
  public var title: String

  /// A chapter titled `title` from sample frame `start` to `end`.
  public init(start: Int64, end: Int64, title: String) {
    self.start = start
    self.end = end
    self.title = title
  }
}
