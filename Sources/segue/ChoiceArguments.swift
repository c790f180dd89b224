import ArgumentParser
import Composition
import FFmpegAudio
import Playlists
import Rendering
import Settings

// The words the settings' choices take on the command line: their raw values, the same words a
// playlist takes (`SettingChoice`); the parser lists them in help and when refusing another.
extension CurveChoice: ExpressibleByArgument {}
extension StretchChoice: ExpressibleByArgument {}
extension KeyShiftChoice: ExpressibleByArgument {}
extension TrackOrder: ExpressibleByArgument {}
extension LoudnessScope: ExpressibleByArgument {}
extension PeakPolicy: ExpressibleByArgument {}
extension LoudnessOptions.GainSource: ExpressibleByArgument {}
extension FormatSource: ExpressibleByArgument {}

// An output's format and codec, in any case (`FLAC` as `flac`), as an output's extension is.
extension OutputContainer: ExpressibleByArgument {
  public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
extension OutputCodec: ExpressibleByArgument {
  public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

/// A time flag's value as typed, read by `TimeLength` when the command asks for it, so that a
/// refusal names the flag and says what a time is (the parser's own refusal cannot say why).
struct TimeArgument: ExpressibleByArgument {
  let text: String

  init(argument: String) { text = argument }

  /// The time in seconds, more than 0 where `longerThanZero`, or a usage error naming `flag`.
  func seconds(_ flag: String, longerThanZero: Bool = false) throws -> Double {
    do { return try TimeLength.seconds(in: text, longerThanZero: longerThanZero) } catch { throw ValidationError(error.message(naming: flag)) }
  }

  /// The length in seconds or counted in beats (`16bars`), or a usage error naming `flag`.
  func length(_ flag: String) throws -> TimeLength {
    do { return try TimeLength(text, counted: true) } catch { throw ValidationError(error.message(naming: flag)) }
  }
}
