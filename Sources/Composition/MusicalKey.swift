import Foundation

/// A musical key: a tonic pitch class and a mode, in the three spellings DJs use: by name ("A
/// minor"), Camelot ("8A") and Open Key ("1m").
///
/// On the Camelot wheel the number steps a fifth at a time (8B C major, 9B G major) and the letter
/// is the mode (A minor, B major); a minor key shares its number with its relative major (8A A
/// minor, 8B C major). Open Key numbers the same wheel from C major (1d) and A minor (1m).
public struct MusicalKey: Sendable, Hashable, Codable {
  /// Major or minor.
  public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
    /// A major key: "B" on the Camelot wheel, "d" in Open Key.
    case major
    /// A minor key: "A" on the Camelot wheel, "m" in Open Key.
    case minor
  }

  /// The tonic's pitch class: 0 is C, 1 C sharp, … 11 B.
  public let tonic: Int
  /// Whether the key is major or minor.
  public let mode: Mode

  /// The key on pitch class `tonic` (0 is C; any integer, taken modulo 12) in `mode`.
  public init(tonic: Int, mode: Mode) {
    self.tonic = ((tonic % 12) + 12) % 12
    self.mode = mode
  }

  /// All 24 keys: the twelve major ones from C, then the twelve minor ones.
  public static let all = Mode.allCases.flatMap { mode in (0..<12).map { MusicalKey(tonic: $0, mode: mode) } }

  /// The key `semitones` up (down when negative).
  public func transposed(by semitones: Int) -> MusicalKey { MusicalKey(tonic: tonic + semitones, mode: mode) }

  /// The number on the Camelot wheel, 1 to 12 (C major and A minor are 8).
  public var camelotNumber: Int {
    let major = mode == .major ? tonic : tonic + 3
    return (major % 12 * 7 + 7) % 12 + 1
  }

  /// "8A" for A minor, "8B" for C major.
  public var camelot: String { "\(camelotNumber)\(mode == .minor ? "A" : "B")" }

  /// "1m" for A minor, "1d" for C major.
  public var openKey: String { "\((camelotNumber + 4) % 12 + 1)\(mode == .minor ? "m" : "d")" }

  /// "A minor", "Eb major", "F# minor".
  public var name: String { "\(tonicName) \(mode.rawValue)" }

  /// "A", "Eb", "F#": flats in the major keys that are written with them, sharps in the minor ones.
  public var tonicName: String { (mode == .major ? Self.majorTonicNames : Self.minorTonicNames)[tonic] }

  private static let majorTonicNames = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
  private static let minorTonicNames = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]
}

extension MusicalKey {
  /// The key `text` spells: a Camelot code ("8A", "12b"), an Open Key code ("1m", "6d") or a name
  /// ("A minor", "Am", "F# min", "Bb", "E♭ major"); nil for anything else.
  public init?(_ text: String) {
    let spelled = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let key = Self.wheelKey(spelled) ?? Self.namedKey(spelled) {
      self = key
    } else {
      return nil
    }
  }

  /// "8a" (Camelot) or "1m" (Open Key).
  private static func wheelKey(_ text: String) -> MusicalKey? {
    guard let letter = text.last, let number = Int(text.dropLast()), (1...12).contains(number) else { return nil }
    switch letter {
    case "a", "b":
      // Camelot: the major key numbered `number` is 7 fifths (mod 12) on from C at 8.
      let major = MusicalKey(tonic: (number - 8 + 12) * 7, mode: .major)
      return letter == "b" ? major : MusicalKey(tonic: major.tonic - 3, mode: .minor)
    case "m", "d":
      let major = MusicalKey(tonic: (number - 1) * 7, mode: .major)
      return letter == "d" ? major : MusicalKey(tonic: major.tonic - 3, mode: .minor)
    default:
      return nil
    }
  }

  /// "a minor", "am", "f# min", "bb", "e♭ major".
  private static func namedKey(_ text: String) -> MusicalKey? {
    let letters: [Character: Int] = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11]
    guard let first = text.first, var tonic = letters[first] else { return nil }
    var rest = text.dropFirst()
    while let sign = rest.first, ["#", "♯", "b", "♭"].contains(sign) {
      // After the letter, "b" is a flat: "bb" is B flat.
      tonic += sign == "#" || sign == "♯" ? 1 : -1
      rest = rest.dropFirst()
    }
    let modes: [String: Mode] = ["": .major, "maj": .major, "major": .major, "m": .minor, "min": .minor, "minor": .minor]
    guard let mode = modes[rest.trimmingCharacters(in: .whitespaces)] else { return nil }
    return MusicalKey(tonic: tonic, mode: mode)
  }
}

/// How two keys sound together, by their places on the Camelot wheel.
public enum KeyRelation: Sendable, Hashable {
  /// The same key.
  case same
  /// One step round the wheel, in the same mode (8A and 9A: a fifth apart).
  case adjacent
  /// The same number, the other mode (8A A minor and 8B C major).
  case relative
  /// Anything else: `distance` steps round the wheel, one more when the modes differ.
  case clash(distance: Int)

  /// The relation of a track in `incoming` to one in `outgoing`.
  public init(from outgoing: MusicalKey, to incoming: MusicalKey) {
    let apart = abs(outgoing.camelotNumber - incoming.camelotNumber)
    let steps = min(apart, 12 - apart)
    let sameMode = outgoing.mode == incoming.mode
    switch (steps, sameMode) {
    case (0, true): self = .same
    case (1, true): self = .adjacent
    case (0, false): self = .relative
    default: self = .clash(distance: steps + (sameMode ? 0 : 1))
    }
  }

  /// True for same, adjacent and relative: keys that blend.
  public var isCompatible: Bool {
    if case .clash = self { return false }
    return true
  }

  /// "same", "adjacent", "relative" or "clash".
  public var name: String {
    switch self {
    case .same: "same"
    case .adjacent: "adjacent"
    case .relative: "relative"
    case .clash: "clash"
    }
  }

  /// How far apart on the wheel: 0 for the same key, 1 for adjacent or relative.
  public var distance: Int {
    switch self {
    case .same: 0
    case .adjacent, .relative: 1
    case .clash(let distance): distance
    }
  }
}

/// Whether and how far incoming tracks are pitch-shifted into a key that blends with the
/// outgoing track's (`--key-shift auto`, `--max-key-shift`).
public struct KeyShiftSettings: Sendable, Hashable {
  /// Shift each incoming track whose key clashes with the one the outgoing track plays in.
  public var automatic = false
  /// The most semitones a track is shifted by, up or down.
  public var maxSemitones = 1

  /// Settings that shift clashing incoming tracks when `automatic`, by at most `maxSemitones` semitones.
  public init(automatic: Bool = false, maxSemitones: Int = 1) {
    self.automatic = automatic
    self.maxSemitones = maxSemitones
  }

  /// The largest shifts one may allow.
  public static let maxRange = 0...6
  /// The furthest an entry's own `pitch` goes, in semitones.
  public static let pitchLimit = 12
}
