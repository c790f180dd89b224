import ArgumentParser
import Composition
import Playlists
import Rendering

/// The command-line options that stretch a whole mix to a length.
struct FitFlags: ParsableArguments {
  @Option(help: ArgumentHelp("Stretch the whole mix to exactly this length (seconds or h:mm:ss.sss), every clip by one ratio from 0.5 to 2.", valueName: "duration"))
  var fit: String?

  @Option(help: "How --fit stretches: varispeed, preserve-pitch or auto (varispeed while the pitch moves by under 5 cents).")
  var stretchMethod: String = "auto"

  func validate() throws { _ = try request() }

  /// The fit these flags ask for; nil without --fit.
  func request() throws -> FitRequest? {
    guard let seconds = try parseDuration(fit, flag: "--fit") else { return nil }
    return FitRequest(seconds: seconds, method: try Self.method(stretchMethod, flag: "--stretch-method"))
  }

  /// The method `text` names, nil for auto.
  static func method(_ text: String, flag: String) throws -> StretchMethod? {
    if text == "auto" { return nil }
    guard let method = StretchMethod(rawValue: text) else {
      throw ValidationError("unknown \(flag) '\(text)' (choose varispeed, preserve-pitch, auto)")
    }
    return method
  }
}
