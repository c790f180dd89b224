/// A setting's value refused, with the values involved: the same case, with the same values,
/// whether the value came from Swift, a playlist or the command line. Each names settings its
/// own way (`message(naming:)`).
public enum SettingProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// A number outside the setting's range.
  case outOfRange(Setting, value: Double, allowed: ClosedRange<Double>)
  /// A value the setting does not take, and those it does.
  case notOneOf(Setting, value: String, choices: [String])
  /// Two settings given together that exclude each other.
  case notBoth(Setting, Setting)
  /// The second setting must come after the first.
  case notAfter(Setting, Setting)
  /// A setting given for something it does not apply to.
  case notApplicable(Setting, value: String?, appliesTo: String, notTo: String?)
  /// A value the output's codec or container does not offer (`within`: "in .mp3 output", "for
  /// Opus"), and those it does.
  case notOffered(Setting, value: String, within: String, offered: [String])
  /// This FFmpeg build has no encoder of that name.
  case noEncoder(String)
  /// A time at or past the end of the mix.
  case pastEnd(Setting, at: String, length: String)
  /// A length over the guard's limit: taken only when long lengths are allowed.
  case tooLong(what: String, limit: String)
  /// A setting that needs a file it can read back or seek in, given with standard output.
  case needsFile(Setting)
  /// Standard output with no output format given.
  case streamNeedsFormat
  /// A stretch outside the ratios Segue stretches by.
  case ratioOutOfRange(Setting, ratio: Double, detail: String)
  /// A value that leaves none of the input.
  case leavesNothing(Setting, value: Double)
  /// A bit rate over what the codec holds at the mix's rate and channels (`limitedBy` says what sets the limit).
  case bitRateOverLimit(codec: String, bitRate: Int, sampleRate: Int, highest: Int, limitedBy: String, rateAsked: Bool, fullRateHighest: Int?)
  /// A length under the least it may be.
  case tooShort(Setting, value: Double, least: Double)
  /// A setting that takes one input, given several.
  case oneInputOnly(Setting)

  /// The problem in words, each setting named by `name` (its flag, its playlist field, or its
  /// name in a sentence).
  public func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .outOfRange(let setting, let value, let allowed):
      let whole = setting.countsWhole ? "a whole number " : ""
      return "\(name(setting)) must be \(whole)from \(Self.number(allowed.lowerBound)) to \(Self.number(allowed.upperBound))\(setting.unit), not \(Self.number(value))"
    case .notOneOf(let setting, let value, let choices):
      return "\(name(setting)) must be \(Self.list(choices, "or")), not '\(value)'"
    case .notBoth(let a, let b): return "give \(name(a)) or \(name(b)), not both"
    case .notAfter(let earlier, let later): return "\(name(later)) must come after \(name(earlier))"
    case .notApplicable(let setting, let value, let appliesTo, let notTo):
      return "\(name(setting))\(value.map { " \($0)" } ?? "") applies to \(appliesTo)\(notTo.map { ", not to \($0)" } ?? "")"
    case .notOffered(let setting, let value, let within, let offered):
      return "\(name(setting)) \(value) is not available \(within) (choose \(offered.joined(separator: ", ")))"
    case .noEncoder(let encoder): return "this FFmpeg build has no \(encoder) encoder"
    case .pastEnd(let setting, let at, let length): return "\(name(setting)) \(at) is past the end of the mix (\(length))"
    case .tooLong(let what, let limit): return "\(what) is longer than \(limit); pass \(name(.allowLong)) if it is meant"
    case .needsFile(let setting):
      return "\(name(setting)) needs a file it can read back and seek in; it cannot write to standard output"
    case .streamNeedsFormat: return "standard output needs \(name(.format)): wav, flac, mp3, ogg or opus"
    case .ratioOutOfRange(let setting, let ratio, let detail):
      return "\(name(setting)) asks for a length ratio of \(Self.ratio(ratio)) (\(detail)); Segue stretches by 0.5 to 2.0"
    case .leavesNothing(let setting, let value): return "\(name(setting)) \(Self.number(value)) leaves none of the input"
    case .bitRateOverLimit(let codec, let bitRate, let sampleRate, let highest, let limitedBy, let rateAsked, let fullRateHighest):
      let source = rateAsked ? "\(name(.sampleRate)) \(sampleRate)" : "the first track's \(sampleRate) Hz"
      let otherRate = fullRateHighest.map { bitRate <= $0 && $0 > highest ? ", or \(name(.sampleRate)) 44100" : "" } ?? ""
      return "\(name(.bitRate)) \(bitRate / 1000)k is more than \(codec) holds at \(sampleRate) Hz (\(limitedBy) tops out at \(highest / 1000)k, from \(source)); "
        + "choose \(name(.bitRate)) \(highest / 1000)k or less\(otherRate)"
    case .tooShort(let setting, let value, let least):
      return "\(name(setting)) must be longer than \(Self.number(least))\(setting.unit), not \(Self.number(value))"
    case .oneInputOnly(let setting): return "\(name(setting)) takes one input"
    }
  }

  /// The problem with each setting named in a sentence, as the library names it.
  public var description: String { message(naming: \.name) }

  /// A number as a user typed it: whole numbers without a decimal point.
  static func number(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)" }

  private static func ratio(_ value: Double) -> String { String(format: "%.6f", value) }

  /// `a, b or c`.
  private static func list(_ items: [String], _ last: String) -> String {
    items.count > 1 ? items.dropLast().joined(separator: ", ") + " \(last) \(items.last!)" : items.first ?? ""
  }
}
