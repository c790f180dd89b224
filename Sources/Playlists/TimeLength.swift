/// A time or length as users write it, read in one place for the playlist reader and the command
/// line: seconds or `[h:]mm:ss[.fff]`, and where a crossfade is measured, a count of bars or beats.
public enum TimeLength: Sendable, Equatable {
  /// A time in seconds, from 0 to `TimeParser.maximumSeconds`.
  case seconds(Double)
  /// A count of beats (a bar counted as four), from 1 to `BeatCount.maximumBeats`.
  case beats(Double)

  /// `text` read as a time; also as a count of bars or beats (`16bars`, `32beats`) where `counted`.
  public init(_ text: String, counted: Bool = false) throws(Problem) {
    if counted, BeatCount.looksCounted(text) {
      guard let beats = BeatCount.beats(text) else { throw Problem(.countOutOfRange, text) }
      self = .beats(beats)
      return
    }
    if let value = Double(text), value < 0 { throw Problem(.negative, text) }
    guard let seconds = TimeParser.seconds(text) else { throw Problem(counted ? .notATimeOrCount : .notATime, text) }
    guard seconds <= TimeParser.maximumSeconds else { throw Problem(.tooLong, text) }
    self = .seconds(seconds)
  }

  /// `text` read as a time in seconds (never a count of beats), more than 0 where `longerThanZero`.
  public static func seconds(in text: String, longerThanZero: Bool = false) throws(Problem) -> Double {
    guard case .seconds(let seconds) = try TimeLength(text) else { throw Problem(.notATime, text) }
    if longerThanZero && seconds <= 0 { throw Problem(.notLongerThanZero, text) }
    return seconds
  }

  /// The seconds; nil for a count of beats.
  public var seconds: Double? { if case .seconds(let seconds) = self { seconds } else { nil } }
  /// The beats counted; nil for a time in seconds.
  public var beats: Double? { if case .beats(let beats) = self { beats } else { nil } }

  /// A time refused, with the text as written; each reader names it its own way (`message(naming:)`).
  public struct Problem: Error, Sendable, Equatable {
    /// What is wrong with the text.
    public enum Kind: Sendable, Equatable {
      /// Neither seconds nor `[h:]mm:ss[.fff]`, where only a time is taken.
      case notATime
      /// Neither a time nor a count of bars or beats, where either is taken.
      case notATimeOrCount
      /// A negative number of seconds.
      case negative
      /// Longer than `TimeParser.maximumSeconds`.
      case tooLong
      /// A count of bars or beats under one beat or over `BeatCount.maximumBeats`, or not a number.
      case countOutOfRange
      /// A time of 0 where a length longer than zero is needed.
      case notLongerThanZero
    }

    /// Which rule the text breaks.
    public var kind: Kind
    /// The text as the user wrote it, shown in the message.
    public var text: String

    init(_ kind: Kind, _ text: String) {
      self.kind = kind
      self.text = text
    }

    /// The problem in words, the time named by `name` (a flag, or a playlist's field in quotes).
    public func message(naming name: String) -> String {
      switch kind {
      case .notATime: "\(name) must be a time in seconds or [h:]mm:ss[.fff], not '\(text)'"
      case .notATimeOrCount:
        "\(name) must be seconds (6, 0.5), [h:]mm:ss[.fff] (0:06) or a count of bars or beats (8bars, 32beats), not '\(text)'"
      case .negative: "\(name) must not be negative (\(text))"
      case .tooLong: "\(name) must be at most \(Int(TimeParser.maximumSeconds)) seconds, not '\(text)'"
      case .countOutOfRange: "\(name) counts \(BeatCount.rangeText), not '\(text)'"
      case .notLongerThanZero: "\(name) must be longer than 0, not '\(text)'"
      }
    }
  }
}
