/// What follows an MP3's last complete frame: nothing, tags, other bytes, or a frame cut short.
///
/// Bytes after the last complete frame are not a truncation unless they open a frame that the
/// file ends inside; tags and junk there are harmless to decoding.
public struct MP3Ending: Sendable, Equatable {
  /// A frame whose header is present but whose bytes run past the end of the audio.
  public struct TruncatedFrame: Sendable, Equatable {
    /// Where the frame starts in the file.
    public var offset: Int64
    /// The length its header states, in bytes.
    public var length: Int
    /// How many of those bytes the file lacks.
    public var missingBytes: Int

    /// A cut frame starting at byte `offset`, whose header states `length` bytes, of which `missingBytes` are absent.
    public init(offset: Int64, length: Int, missingBytes: Int) {
      self.offset = offset
      self.length = length
      self.missingBytes = missingBytes
    }
  }

  /// The kind of ending, the most serious first when there are several.
  public enum Kind: String, Sendable, Equatable {
    /// The file ends inside a frame whose header is present: the audio is cut short.
    case truncatedFrame = "truncated frame"
    /// Bytes that are neither frames nor tags follow the audio; harmless to decoding.
    case junk
    /// Only tags (ID3v1, ID3v2, APE or Lyrics3) follow the audio.
    case tags
    /// The last complete frame ends the audio and nothing follows it.
    case nothing
  }

  /// The frame cut short after the last complete one, if any (it reaches the tags or the file's end).
  public var truncatedFrame: TruncatedFrame?
  /// Bytes between the last complete frame and the tags that are neither frames nor tags.
  public var junk: Range<Int64>?
  /// The tags after the audio, in file order.
  public var tags: [MP3TrailingTag]

  /// An ending from what follows the last complete frame: a cut frame, junk bytes and trailing tags, each optional.
  public init(truncatedFrame: TruncatedFrame? = nil, junk: Range<Int64>? = nil, tags: [MP3TrailingTag] = []) {
    self.truncatedFrame = truncatedFrame
    self.junk = junk
    self.tags = tags
  }

  /// The most serious thing found after the audio: a cut frame, then junk, then tags, else nothing.
  public var kind: Kind {
    if truncatedFrame != nil { return .truncatedFrame }
    if junk != nil { return .junk }
    return tags.isEmpty ? .nothing : .tags
  }
}
