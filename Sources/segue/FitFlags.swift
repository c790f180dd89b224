import ArgumentParser
import Composition
import Playlists
import Rendering
import Settings

/// The command-line options that stretch a whole mix to a length.
struct FitFlags: ParsableArguments {
  @Option(help: ArgumentHelp("Stretch the whole mix to exactly this length (seconds or h:mm:ss.sss), every clip by one ratio from 0.5 to 2.", valueName: "duration"))
  var fit: TimeArgument?

  @Option(help: "How --fit stretches: varispeed, preserve-pitch or auto (varispeed while the pitch moves by under 5 cents).")
  var stretchMethod: StretchChoice = .auto

  func validate() throws { _ = try request() }

  /// The fit these flags ask for; nil without --fit.
  func request() throws -> FitRequest? {
    guard let fit else { return nil }
    return FitRequest(seconds: try fit.seconds("--fit", longerThanZero: true), method: stretchMethod.method)
  }
}
