/// What a player shows for a playlist entry: M3U's `#EXTINF` text, PLS's `TitleN`, XSPF's `title`
/// and `creator`.
///
/// Players write it to be displayed, often as "Artist - Title" in one string, so it is a hint:
/// weaker than the fields a user writes for the purpose (a CUE sheet's `TITLE`, the YAML format's
/// `title`) and than the file's own tags. `parts` splits it into an artist and a title.
public struct PlayerTitle: Sendable, Equatable {
  /// The text as the playlist writes it, if any.
  public var text: String?
  /// The artist, where the playlist names one apart from the text (XSPF's `creator`).
  public var artist: String?

  /// A player's title of `text` and `artist`; nil when the playlist gives neither.
  public init?(text: String?, artist: String? = nil) {
    guard text != nil || artist != nil else { return nil }
    self.text = text
    self.artist = artist
  }

  /// The separators between an artist and a title in one display string.
  public static let separators = [" - ", " – ", " — "]

  /// The artist and title it names. An artist given apart is taken as it is (and taken off the
  /// front of the text when the text repeats it); otherwise text of the form "Artist - Title" is
  /// split at its first separator (a hyphen, en dash or em dash between spaces); otherwise the
  /// text is the title.
  public var parts: (artist: String?, title: String?) {
    guard let text else { return (artist, nil) }
    if let artist {
      for separator in Self.separators where text.hasPrefix(artist + separator) && text.count > (artist + separator).count {
        return (artist, String(text.dropFirst((artist + separator).count)))
      }
      return (artist, text)
    }
    let split = Self.separators.compactMap { text.range(of: $0) }.min { $0.lowerBound < $1.lowerBound }
    guard let split else { return (nil, text) }
    let (before, after) = (text[..<split.lowerBound].trimmed, text[split.upperBound...].trimmed)
    return before.isEmpty || after.isEmpty ? (nil, text) : (before, after)
  }
}

extension Substring {
  fileprivate var trimmed: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
