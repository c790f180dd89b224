/// Tags and chapters for an output file, written into its header where the container has room.
public struct ContainerMetadata: Sendable, Equatable {
  /// Tags by FFmpeg's generic keys: `title`, `artist`, `album_artist`, `album`, `date`, `genre`, …
  public var tags: [String: String]
  public var chapters: [Chapter]
  /// A picture for players to show, where the container has room for one (MP3, MP4, FLAC).
  public var coverArt: CoverArt?

  public init(tags: [String: String] = [:], chapters: [Chapter] = [], coverArt: CoverArt? = nil) {
    self.tags = tags
    self.chapters = chapters
    self.coverArt = coverArt
  }
}

/// A titled stretch of a file, in sample frames.
public struct Chapter: Sendable, Equatable, Codable {
  public var start: Int64
  public var end: Int64
  public var title: String

  public init(start: Int64, end: Int64, title: String) {
    self.start = start
    self.end = end
    self.title = title
  }
}
