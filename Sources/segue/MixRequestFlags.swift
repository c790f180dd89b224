import ArgumentParser
import Rendering

/// The choices `render`, `plan` and the previews share: the mix, loudness, silence, beats,
/// fitting, the facts cache, damaged inputs, the length guard and the output's format.
struct MixRequestFlags: ParsableArguments {
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

  @Flag(help: "Allow a mix far longer than its tracks (a gap over 10 minutes, or more than twice their length plus 10 minutes).")
  var allowLong = false

  @OptionGroup(title: "Output format")
  var format: OutputFormatOptions

  @OptionGroup(title: "Encoding")
  var encoding: EncodingFlags

  /// The request these choices describe, for `inputs` (files and playlists) into `outputPath`.
  func request(inputs: [String], outputPath: String) throws -> RenderRequest {
    var request = try RenderRequest(
      arguments: inputs, outputPath: outputPath, choices: try beats.choices(into: silence.choices(into: loudness.choices(into: mix.choices()))))
    request.output = try format.options()
    request.cache = cache.cache
    request.tolerate(tolerance.tolerance)
    request.allowLong = allowLong
    request.fit = try fit.request()
    encoding.apply(to: &request)
    return request
  }
}
