/// A four-character code naming an MP4 box or a codec, such as `moov`, `mp4a` or `©too`.
///
/// The characters are single bytes read as Latin-1, so `©` is the byte 0xA9 that iTunes uses.
public struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The four bytes as one big-endian number, as they are stored in a file.
  public let rawValue: UInt32

  /// The code whose four bytes, read big-endian, make `rawValue`.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The code spelled by `text`, or nil unless it is four Latin-1 characters.
  public init?(_ text: String) {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count == 4, scalars.allSatisfy({ $0.value < 256 }) else { return nil }
    rawValue = scalars.reduce(0) { $0 << 8 | $1.value }
  }

  /// The code spelled by a literal such as `"mp4a"`; a literal that is not four Latin-1 characters is a programming error.
  public init(stringLiteral text: String) {
    guard let code = FourCC(text) else { preconditionFailure("'\(text)' is not four Latin-1 characters") }
    self = code
  }

  /// The code read from four bytes at `index`.
  init(_ bytes: [UInt8], at index: Int) {
    rawValue = bytes[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The four bytes as stored.
  var bytes: [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) } }

  /// The four characters, each byte read as Latin-1, such as `moov` or `©too`.
  public var description: String { String(bytes.map { Character(Unicode.Scalar($0)) }) }
}
