/// A freeform iTunes tag (an `ilst` item of type `----`): a name under a reverse-DNS "mean", and
/// a text value, such as `com.apple.iTunes` / `iTunSMPB` or `com.apple.iTunes` / `replaygain_track_gain`.
public struct MP4FreeformTag: Sendable, Equatable {
  /// The mean that iTunes and most players use.
  public static let appleMean = "com.apple.iTunes"

  public var mean: String
  public var name: String
  public var value: String

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
