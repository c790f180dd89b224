/// One way of damaging an input, as a fuzzer does: flipped bits, bytes added, removed or repeated,
/// two inputs spliced, and values that parsers get wrong (zero, all ones, sign bits, huge
/// numbers, very long lines, deep nesting).
public enum Mutation: CaseIterable, Sendable {
  case flipBit
  case setByte
  case insertBytes
  case deleteBytes
  case duplicateBytes
  case splice
  case interestingInteger
  case interestingText
  case longRun
  case deepNesting
  case truncate

  /// Values that sit on the edges of integer fields.
  static let integers: [UInt64] = [
    0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
    0x7FFF_FFFF_FFFF_FFFF, 0x8000_0000_0000_0000, 0xFFFF_FFFF_FFFF_FFFF, 16, 64, 4096,
  ]

  /// Words that sit on the edges of text fields: numbers too big, too small or not numbers, and
  /// the characters that separate fields.
  static let words: [String] = [
    "0", "-0", "-1", "1e300", "-1e300", "1e-300", "99999999999999999999999", "9223372036854775807",
    "9223372036854775808", "-9223372036854775809", "4294967296", "1000000", "1000000.1", "nan", "inf", "-inf",
    "0x7FFFFFFF", "1:", ":1", "::", "59:59:59.999", "99:99:99", "00:00:75", ".", "..", "e", "1e", "+", "-",
    "\"", "'", "<", ">", "&", "&amp;", "&#0;", "&#xFFFFFFFF;", "]]>", "<![CDATA[", "{", "}", "[", "]", ":", ",",
    "\n", "\r\n", "\r", "\t", "\0", "\u{FEFF}", "\u{FFFD}", "%", "%00", "%zz", "file://", "file:///", "/", "\\",
    "*a", "&a", "!!binary", "---", "...", "? ", "- ", "|", ">-", "#", "=", "INDEX 01 ", "TRACK 99 AUDIO",
  ]

  /// Openers that nest when repeated, in the syntaxes Segue reads.
  static let nesters = ["[", "{", "- ", "<a>", "{\"a\":", "[[", "<trackList><track>", "  "]

  /// Applies this mutation to `bytes`, drawing every choice from `random`; `other` is a second
  /// input to splice from.
  public func apply(to bytes: inout [UInt8], other: [UInt8], using random: inout some RandomNumberGenerator) {
    let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
    switch self {
    case .flipBit:
      guard !bytes.isEmpty else { return }
      bytes[min(position, bytes.count - 1)] ^= 1 << UInt8.random(in: 0..<8, using: &random)
    case .setByte:
      guard !bytes.isEmpty else { return }
      bytes[min(position, bytes.count - 1)] = [0, 0xFF, 0x7F, 0x80, UInt8.random(in: 0...255, using: &random)]
        .randomElement(using: &random)!
    case .insertBytes:
      let count = Int.random(in: 1...8, using: &random)
      bytes.insert(contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }, at: position)
    case .deleteBytes:
      guard position < bytes.count else { return }
      bytes.removeSubrange(position..<min(bytes.count, position + Self.length(using: &random)))
    case .duplicateBytes:
      guard position < bytes.count else { return }
      let piece = bytes[position..<min(bytes.count, position + Self.length(using: &random))]
      bytes.insert(contentsOf: Array(repeating: piece, count: Int.random(in: 1...4, using: &random)).joined(), at: position)
    case .splice:
      guard !other.isEmpty else { return }
      let start = Int.random(in: 0..<other.count, using: &random)
      let piece = other[start..<min(other.count, start + Self.length(using: &random))]
      if Bool.random(using: &random) {
        bytes.replaceSubrange(position..<min(bytes.count, position + piece.count), with: piece)
      } else {
        bytes = Array(bytes[..<position]) + Array(other[start...])
      }
    case .interestingInteger:
      let width = [1, 2, 4, 8].randomElement(using: &random)!
      let value = Self.integers.randomElement(using: &random)!
      let littleEndian = Bool.random(using: &random)
      let field = (0..<width).map { index in
        UInt8(truncatingIfNeeded: value >> (8 * (littleEndian ? index : width - 1 - index)))
      }
      bytes.replaceSubrange(position..<min(bytes.count, position + width), with: field)
    case .interestingText:
      let word = Array(Self.words.randomElement(using: &random)!.utf8)
      let digits = bytes[position...].prefix { (0x30...0x39).contains($0) || $0 == 0x2E }.count
      bytes.replaceSubrange(position..<position + (Bool.random(using: &random) ? digits : 0), with: word)
    case .longRun:
      let byte = bytes.isEmpty ? 0x41 : bytes[min(position, bytes.count - 1)]
      bytes.insert(contentsOf: [UInt8](repeating: byte, count: Self.size(upTo: 70_000, using: &random)), at: position)
    case .deepNesting:
      let opener = Array(Self.nesters.randomElement(using: &random)!.utf8)
      let depth = Self.size(upTo: 5000, using: &random) / 4
      var nest: [UInt8] = []
      nest.reserveCapacity(depth * opener.count)
      for _ in 0..<depth { nest += opener }
      bytes.insert(contentsOf: nest, at: position)
    case .truncate:
      bytes.removeSubrange(position...)
    }
  }

  /// A size for something made long on purpose: mostly hundreds, one time in 16 up to `largest`
  /// (lines past 64 KiB, thousands of levels), which a debug build makes slowly.
  private static func size(upTo largest: Int, using random: inout some RandomNumberGenerator) -> Int {
    random.next() % 16 == 0 ? Int.random(in: 256...largest, using: &random) : Int.random(in: 64...600, using: &random)
  }

  /// A length for a run of bytes: usually short, sometimes long.
  private static func length(using random: inout some RandomNumberGenerator) -> Int {
    Bool.random(using: &random) ? Int.random(in: 1...16, using: &random) : Int.random(in: 1...4096, using: &random)
  }
}
