import ArgumentParser
import Playlists
import Rendering
import Settings

extension Setting {
  /// The flag that sets it on the command line, as error messages name it.
  var flag: String {
    switch self {
    case .bitRate: "--bitrate"
    case .writeReplayGain: "--write-replaygain"
    case .listing: "--cue or --tracklist"
    case .overwrite: "--overwrite (-y)"
    case .stretchRatio: "--ratio"
    case .stretchLength, .snippetLength: "--length"
    case .stretchFrames: "--frames"
    case .target: "--target"
    default: "--" + field
    }
  }
}

extension RenderError {
  /// The error as the command line words it: settings named by their flags.
  var cliMessage: String { message(naming: \.flag) }
}

extension SettingProblem {
  /// The problem as a usage error, naming the flags.
  var usageError: ValidationError { ValidationError(message(naming: \.flag)) }
}

extension MixChoices {
  /// Passes the library's check, or throws its refusal as a usage error naming the flags.
  func checkedForUsage() throws {
    do throws(SettingProblem) { try check() } catch { throw error.usageError }
  }
}
