import Composition

/// A setting whose value is one of a few words: the words are its raw values, listed in the order
/// refusals name them, and any other word is refused the same way wherever it was written.
///
/// The playlist reader reads one with `init(_:for:)`; the command line's parser takes the same raw
/// values (its `ExpressibleByArgument` conformances are the `segue` target's), so both accept the
/// same words and list the same ones when refusing.
public protocol SettingChoice: RawRepresentable<String>, CaseIterable, Sendable {}

extension SettingChoice {
  /// The words it takes, in order.
  public static var words: [String] { allCases.map(\.rawValue) }

  /// The choice `text` names, or the refusal of `setting`'s value listing the words.
  public init(_ text: String, for setting: Setting) throws(SettingProblem) {
    guard let choice = Self(rawValue: text) else { throw .notOneOf(setting, value: text, choices: Self.words) }
    self = choice
  }
}

extension FadeCurve: SettingChoice {}
extension CurveChoice: SettingChoice {}

/// How a track is stretched, as a user names it: one of the methods, or `auto` (picked by the
/// ratio: varispeed while the pitch moves by under 5 cents).
public enum StretchChoice: String, SettingChoice {
  /// Picked by the ratio: varispeed while the pitch moves by under 5 cents, else preserving the pitch.
  case auto
  /// Resampled, like a turntable's speed: the pitch moves with the tempo.
  case varispeed
  /// Stretched in time with the pitch kept.
  case preservePitch = "preserve-pitch"

  /// The method chosen; nil for `auto`.
  public var method: StretchMethod? { StretchMethod(rawValue: rawValue) }
}

/// Whether incoming tracks are pitch-shifted into a key that blends (`auto`) or not (`off`).
public enum KeyShiftChoice: String, SettingChoice {
  /// Shifted by the fewest semitones that make the keys blend.
  case auto
  /// Not shifted (the default).
  case off
}

/// The order tracks play in: reordered so each blends in key with the next, or as given.
public enum TrackOrder: String, SettingChoice {
  /// Reordered so each track blends in key with the next (the first track stays first).
  case harmonic
  /// In the order given (the default).
  case asGiven = "as-given"
}

/// Which tracks the mix's rate and channel count follow where the output does not set them: the
/// most playing time's (the default: one odd chapter does not decide a book), the first track's,
/// or the highest any track has.
public enum FormatSource: String, SettingChoice {
  /// The rate, and the channel count, that play for the most time (the default; a tie goes to the one heard first).
  case most
  /// The first track's rate and channel count.
  case first
  /// The highest rate, and the highest channel count, any track has.
  case highest
}
