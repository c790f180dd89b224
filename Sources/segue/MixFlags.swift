import ArgumentParser
import Composition
import Playlists
import Rendering

/// The command-line options that say how tracks are joined.
struct MixFlags: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Crossfade every transition by this long (seconds, mm:ss, or counted in the outgoing track's beats: 16bars, 32beats).", valueName: "time"))
  var crossfade: TimeArgument?

  @Option(help: "Crossfade curve: linear, equal-power (default), s-curve, log, exp, or auto (measured per transition).")
  var curve: CurveChoice?

  @Option(parsing: .unconditional, help: ArgumentHelp("Put this much silence between tracks instead.", valueName: "time"))
  var gap: TimeArgument?

  @Flag(help: "Keep tracks of one album (same album tag) gapless; crossfade or gap only between albums.")
  var albumAware = false

  func validate() throws { try choices().checkedForUsage() }

  /// The choices the flags make (the library merges them with a playlist's defaults).
  func choices() throws -> MixChoices {
    let crossfade = try crossfade?.length("--crossfade")
    var choices = MixChoices(crossfade: crossfade?.seconds, curve: curve, gap: try gap?.seconds("--gap"), albumAware: albumAware)
    choices.crossfadeBeats = crossfade?.beats
    return choices
  }
}
