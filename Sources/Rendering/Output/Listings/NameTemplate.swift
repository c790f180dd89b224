/// How a listing spells a track's name: `{artist} - {title}`, `{n}. {title}`, `{title} ({album})`.
///
/// The fields are `{artist}`, `{title}`, `{album}`, `{n}` (the track's number in the mix, from 1)
/// and `{file}` (its file name without folder or extension); the rest is text. A field with no
/// value disappears together with the brackets or quotes right around it and the separator that
/// joins it to the fields beside it, so `{n}. {artist} - {title}` gives `1. Song` for a track with
/// no artist and `{title} ({album})` gives `Song` for one with no album. Text before the first
/// field and after the last stays. `{artist}` counts as missing before a `{title}` that already
/// starts with it ("Band - Live" by Band), so no name says its artist twice.
public struct NameTemplate: Sendable, Equatable, CustomStringConvertible {
  /// A value a template can name.
  public enum Field: String, CaseIterable, Sendable {
    /// `{artist}`: the track's artist; missing when none is known, or when a `{title}` follows that starts with it.
    case artist
    /// `{title}`: the track's title, never missing (the file's name when nothing else gives one).
    case title
    /// `{album}`: the track's album, from the playlist or the file's tags; missing when neither gives one.
    case album
    /// `{n}`: the track's number in the mix, counted from 1.
    case n
    /// `{file}`: the track's file name, without its folder or extension.
    case file
  }

  /// A template that cannot be read, and why.
  public struct ParseError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the template, quoting it: an unclosed `{`, an unknown field, or no field at all.
    public var description: String
  }

  /// `{artist} - {title}`: how tracklists and chapters name a track unless asked otherwise.
  public static let standard = NameTemplate(
    description: "{artist} - {title}", prefix: "", fields: [Slot(field: .artist), Slot(field: .title, separator: " - ")], suffix: "")

  /// The template as the user wrote it.
  public let description: String
  /// Text before the first field, always kept.
  private let prefix: String
  private let fields: [Slot]
  /// Text after the last field, always kept.
  private let suffix: String

  /// One field with the brackets around it and the separator that joins it to the field before.
  private struct Slot: Sendable, Equatable {
    var field: Field
    var opening = ""
    var closing = ""
    /// The text between the previous field and this one, brackets aside.
    var separator = ""
  }

  private init(description: String, prefix: String, fields: [Slot], suffix: String) {
    self.description = description
    self.prefix = prefix
    self.fields = fields
    self.suffix = suffix
  }

  private static let openers: Set<Character> = ["(", "[", "{", "<", "\"", "'", "«", "“"]
  private static let closers: Set<Character> = [")", "]", "}", ">", "\"", "'", "»", "”"]

  /// Reads `text`; an unknown field, a `{` never closed and a template without fields are refused.
  public init(_ text: String) throws(ParseError) {
    var texts = [""]
    var names: [Field] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      texts[texts.count - 1] += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else { throw ParseError(description: "'{' is never closed in '\(text)'") }
      let name = rest[rest.index(after: open)..<close]
      guard let field = Field(rawValue: String(name)) else {
        let known = Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
        throw ParseError(description: "unknown field {\(name)} in '\(text)' (the fields are \(known))")
      }
      names.append(field)
      texts.append("")
      rest = rest[rest.index(after: close)...]
    }
    texts[texts.count - 1] += rest
    guard !names.isEmpty else {
      throw ParseError(description: "'\(text)' names no field (such as {title} or {artist})")
    }
    // texts[i] lies before names[i]; the last one after the last field.
    var slots = names.map { Slot(field: $0) }
    var prefix = ""
    var suffix = ""
    for (index, piece) in texts.enumerated() {
      let closing = index > 0 ? String(piece.prefix { Self.closers.contains($0) }) : ""
      let afterClosing = piece.dropFirst(closing.count)
      let opening = index < names.count ? String(String(afterClosing.reversed().prefix { Self.openers.contains($0) }).reversed()) : ""
      let middle = String(afterClosing.dropLast(opening.count))
      if index > 0 { slots[index - 1].closing = closing }
      if index < names.count { slots[index].opening = opening }
      switch index {
      case 0: prefix = middle
      case names.count: suffix = middle
      default: slots[index].separator = middle
      }
    }
    self.init(description: text, prefix: prefix, fields: slots, suffix: suffix)
  }

  /// True when the template names `field`.
  public func names(_ field: Field) -> Bool { fields.contains { $0.field == field } }

  /// The name of track `number` (from 1) called `name`; its title when the template gives nothing.
  public func text(for name: TrackName, number: Int) -> String {
    let titleFollows = names(.title)
    var text = prefix
    var lastShown: Int?
    for (index, slot) in fields.enumerated() {
      let value: String? =
        switch slot.field {
        case .artist: titleFollows && name.titleStartsWithArtist ? nil : name.artist
        case .title: name.title
        case .album: name.album
        case .n: String(number)
        case .file: name.file
        }
      guard let value, !value.isEmpty else { continue }
      // A field joins the one shown before it by the separator that followed that one.
      if let lastShown { text += fields[lastShown + 1].separator }
      text += slot.opening + value + slot.closing
      lastShown = index
    }
    text += suffix
    return text.allSatisfy(\.isWhitespace) ? name.title : text
  }
}
