import ArgumentParser
import Playlists
import Rendering
import Settings

/// The command-line options for loudness levelling, the peak guard and measuring the output.
struct LoudnessFlags: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Level every track to this loudness: -14 for streaming, -16 for podcasts, -23 for broadcast (-70 to 0), or off.",
      valueName: "LUFS|off"))
  var loudness: String?

  @Option(help: "Which tracks share a gain: track, album (all as one album), program (the whole output) or auto (album gain for consecutive tracks of one album).")
  var loudnessScope: LoudnessScope?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("True-peak ceiling (-30 to 0, default -1 when levelling); given alone, the peak guard's ceiling.", valueName: "dBTP"))
  var truePeak: Double?

  @Option(help: "Where a gain would pass the ceiling: limit (a transparent limiter acts on those peaks, default), cap (the gain is lowered) or none.")
  var peakPolicy: PeakPolicy?

  @Option(help: "Where track loudness comes from: analysis (default) or tags (ReplayGain 2.0 or Opus R128 tags where present).")
  var gainSource: LoudnessOptions.GainSource?

  @Flag(help: "Measure the output's loudness and true peak, and report them.")
  var measure = false

  @Flag(name: .customLong("write-replaygain"), help: "Tag the output with its ReplayGain 2.0 values.")
  var writeReplayGain = false

  func validate() throws { try choices(into: MixChoices()).checkedForUsage() }

  /// `choices` with what these flags choose.
  func choices(into choices: MixChoices) throws -> MixChoices {
    var choices = choices
    if let loudness {
      guard loudness == "off" || Double(loudness) != nil else {
        throw ValidationError("--loudness takes a loudness from -70 to 0 LUFS, or off; not '\(loudness)'")
      }
      choices.loudness.target = Double(loudness).map(Override.set) ?? .reset
    }
    choices.loudness.truePeak = truePeak
    choices.loudness.scope = loudnessScope
    choices.loudness.peakPolicy = peakPolicy
    choices.gainSource = gainSource ?? .analysis
    choices.measure = measure
    choices.writeReplayGain = writeReplayGain
    return choices
  }
}
