/// A freeform iTunes tag (an `ilst` item of type `----`): a name under a reverse-DNS "mean", and
/// a text value, such as `com.apple.iTunes` / `iTunSMPB` or `com.apple.iTunes` / `replaygain_track_gain`.
public struct MP4FreeformTag: Sendable, Equatable {
  /// The mean that iTunes and most players use.
  public static let appleMean = "com.apple.iTunes"

  /// The reverse-DNS namespace the name belongs to, usually `com.apple.iTunes`.
  public var mean: String
  /// The tag's name within its mean, such as `iTunSMPB`; a tag replaces another with the same mean and name.
  public var name: String
  /// The tag's text, stored as UTF-8 in its `data` box.
  public var value: String

  /// A tag setting `name` under `mean` (Apple's by default) to the text `value`.
  public init(mean: String = MP4FreeformTag.appleMean, name: String, value: String) {
    self.mean = mean
    self.name = name
    self.value = value
  }

  /// The tag that states `info` where iTunes and FFmpeg read it.
  public static func gapless(_ info: ITunesGaplessInfo) -> MP4FreeformTag {
    MP4FreeformTag(name: ITunesGaplessInfo.tagName, value: info.text)
  }
}
