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

  @OptionGroup(title: "Transitions")
  var mix: MixFlags

  @OptionGroup(title: "Loudness")
  var loudness: LoudnessFlags

  @OptionGroup(title: "Silence and cue points")
  var silence: SilenceFlags

  @OptionGroup(title: "Beat matching and bass swaps")
  var beats: BeatMatchFlags

  @OptionGroup(title: "Fitting to a length")
  var fit: FitFlags

  @OptionGroup(title: "Facts cache")
  var cache: CacheFlags

  @OptionGroup(title: "Damaged inputs")
  var tolerance: ToleranceFlags

  @Flag(help: "Render a mix far longer than its tracks (a gap over 10 minutes, or more than twice their length plus 10 minutes).")
  var allowLong = false

  @OptionGroup(title: "Output format")
  var format: OutputFormatOptions

  /// The render request the options describe.
  func request(verify: Bool = true) throws -> RenderRequest {
    var request = try RenderRequest(arguments: inputs, outputPath: output, choices: try beats.choices(into: silence.choices(into: loudness.choices(into: mix.choices()))))
    request.output = try format.options()
    request.overwrite = overwrite
    request.verify = verify
    request.cache = cache.cache
    request.tolerate(tolerance.tolerance)
    request.allowLong = allowLong
    request.fit = try fit.request()
    return request
  }
}
