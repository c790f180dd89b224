import ArgumentParser
import Rendering

/// The inputs, output and options that `render` and every preview take.
struct RenderInputs: ParsableArguments {
  @Argument(help: "Audio files and playlists (.m3u, .m3u8, .pls, .xspf, .cue, .yaml, .json), in the order to play them.")
  var inputs: [String]

  /// The output, listed first in the help.
  @OptionGroup(title: "Output")
  var target: OutputTarget

  var output: String { target.output }
  var overwrite: Bool { target.overwrite }

  @OptionGroup
  var choices: MixRequestFlags

  /// The render request the options describe.
  func request(verify: Bool = true) throws -> RenderRequest {
    var request = try choices.request(inputs: inputs, outputPath: output)
    request.overwrite = overwrite
    request.verify = verify
    return request
  }
}
