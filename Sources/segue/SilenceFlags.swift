import ArgumentParser
import Playlists
import Rendering
import Settings

/// The command-line options for silence edits and automatic cue points.
struct SilenceFlags: ParsableArguments {
  @Flag(help: "Remove dead air at the start and end of every track (below --trim-threshold, keeping --trim-margin).")
  var trimSilence = false

  @Option(help: ArgumentHelp("Shorten every pause longer than this to exactly this long, cut in its middle (0.1 to 3600).", valueName: "seconds"))
  var maxPause: Double?

  @Option(help: ArgumentHelp("The shortest break between one track and the next where silence edits meet (0 to 600; default: --max-pause, else 2 for .m4b).", valueName: "seconds"))
  var chapterGap: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("Speech under this level is paused (-120 to 0, default -35).", valueName: "dBFS"))
  var silenceThreshold: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("A track's edges under this level are dead air (-120 to 0, default -60).", valueName: "dBFS"))
  var trimThreshold: Double?

  @Option(help: ArgumentHelp("Seconds kept before the first and after the last sound when trimming (0 to 10, default 0.05).", valueName: "seconds"))
  var trimMargin: Double?

  @Flag(help: "Place cue-in, cue-out and where the next track starts from the audio (a playlist's own cue points and transitions win).")
  var autoCue = false

  @Option(parsing: .unconditional, help: ArgumentHelp("Cue-in and cue-out where a track rises above / falls below its loudness plus this (-70 to 0, default -42).", valueName: "LU"))
  var cueLevel: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("The next track starts where the ending stays under its loudness plus this (-70 to 0, default -8).", valueName: "LU"))
  var overlapLevel: Double?

  @Option(help: ArgumentHelp("The longest automatic overlap (0 to 60, default 10).", valueName: "seconds"))
  var maxOverlap: Double?

  func validate() throws { try choices(into: MixChoices()).checkedForUsage() }

  /// `choices` with what these flags choose.
  func choices(into choices: MixChoices) -> MixChoices {
    var choices = choices
    var settings = SilenceSettings()
    if trimSilence { settings.trim = true }
    if autoCue { settings.autoCue = true }
    settings.maxPause = maxPause.map(Override.set) ?? .inherit
    settings.chapterGap = chapterGap
    settings.silenceThreshold = silenceThreshold
    settings.trimThreshold = trimThreshold
    settings.trimMargin = trimMargin
    settings.cueLevel = cueLevel
    settings.overlapLevel = overlapLevel
    settings.maxOverlap = maxOverlap
    choices.silence = settings
    return choices
  }
}
