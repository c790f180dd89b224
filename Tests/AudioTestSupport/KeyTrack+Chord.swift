/// Chords as Roman numerals name them: a scale degree in the key, its quality, borrowed chords
/// and sevenths.
extension KeyTrack {
  /// A triad's quality.
  public enum Quality: Sendable {
    case major, minor, diminished

    /// The semitones of its notes above the root.
    var intervals: [Int] {
      switch self {
      case .major: [0, 4, 7]
      case .minor: [0, 3, 7]
      case .diminished: [0, 3, 6]
      }
    }
  }

  /// A chord named by its scale degree in the key, as a Roman numeral is.
  public struct Chord: Sendable {
    /// The root's scale degree, 0 (the tonic) to 6, in the major scale or the natural minor.
    public var degree: Int
    /// The quality, when not the degree's own (a major V in minor, a minor iv in major); nil for
    /// the diatonic triad, or a major one on a chromatic root.
    public var quality: Quality?
    /// Semitones added to the root: -1 for a chord on a flattened degree (bVII or bVI in major).
    public var accidental: Int
    /// Adds a seventh: the scale's own on a diatonic triad, else a minor seventh (V7 in minor).
    public var seventh: Bool

    /// The chord on `degree`, diatonic unless told otherwise.
    public init(_ degree: Int, _ quality: Quality? = nil, accidental: Int = 0, seventh: Bool = false) {
      self.degree = degree
      self.quality = quality
      self.accidental = accidental
      self.seventh = seventh
    }

    /// The chord a Roman numeral names: upper case for major, lower for minor, "°" after it for
    /// diminished, "b" or "#" before it for a chromatic root, and "7" last for a seventh: "V",
    /// "vi", "vii°", "bVII", "iv", "V7".
    public init(_ numeral: String) {
      var text = Substring(numeral)
      accidental = text.hasPrefix("b") ? -1 : text.hasPrefix("#") ? 1 : 0
      if accidental != 0 { text = text.dropFirst() }
      seventh = text.hasSuffix("7")
      if seventh { text = text.dropLast() }
      let diminished = text.hasSuffix("°")
      if diminished { text = text.dropLast() }
      guard let degree = Self.romans.firstIndex(of: text.uppercased()) else { preconditionFailure("\(numeral) is not a Roman numeral") }
      self.degree = degree
      quality = diminished ? .diminished : text == text.uppercased() ? .major : .minor
    }

    /// The chords of a progression written as Roman numerals joined by "-", such as "I-V-vi-IV".
    public static func progression(_ numerals: String) -> [Chord] {
      numerals.split(separator: "-").map { Chord(String($0)) }
    }

    /// The chord's Roman numeral in a major or minor key, in the form `init(_:)` reads.
    public func numeral(minor: Bool) -> String {
      let quality = quality(scale: KeyTrack.scale(minor: minor))
      let roman = quality == .major ? Self.romans[degree] : Self.romans[degree].lowercased()
      let prefix = accidental < 0 ? "b" : accidental > 0 ? "#" : ""
      return prefix + roman + (quality == .diminished ? "°" : "") + (seventh ? "7" : "")
    }

    /// The chord's pitch classes (0 = C) in the key of `tonic`, root first, then third, fifth and
    /// seventh.
    public func pitchClasses(tonic: Int, minor: Bool) -> [Int] {
      let scale = KeyTrack.scale(minor: minor)
      let quality = quality(scale: scale)
      let intervals: [Int]
      if accidental == 0, quality == Self.diatonicQuality(degree, scale: scale) {
        intervals = (0..<(seventh ? 4 : 3)).map { (scale[(degree + 2 * $0) % 7] - scale[degree] + 12) % 12 }
      } else {
        intervals = quality.intervals + (seventh ? [10] : [])
      }
      return intervals.map { (tonic + scale[degree] + accidental + $0 + 24) % 12 }
    }

    private static let romans = ["I", "II", "III", "IV", "V", "VI", "VII"]

    /// The chord's quality in a key of `scale`.
    private func quality(scale: [Int]) -> Quality {
      quality ?? (accidental == 0 ? Self.diatonicQuality(degree, scale: scale) : .major)
    }

    /// The quality of the triad the scale builds on `degree`.
    private static func diatonicQuality(_ degree: Int, scale: [Int]) -> Quality {
      let third = (scale[(degree + 2) % 7] - scale[degree] + 12) % 12
      let fifth = (scale[(degree + 4) % 7] - scale[degree] + 12) % 12
      return third == 4 ? .major : fifth == 6 ? .diminished : .minor
    }
  }
}
