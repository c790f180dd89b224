import ArgumentParser
import Composition
import Playlists
import Rendering

/// The command-line options that say how tracks are joined.
struct MixFlags: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Crossfade every transition by this long (seconds, mm:ss, or counted in the outgoing track's beats: 16bars, 32beats).", valueName: "time"))
  var crossfade: String?

  @Option(help: "Crossfade curve: linear, equal-power (default), s-curve, log, exp, or auto (measured per transition).")
  var curve: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Put this much silence between tracks instead.", valueName: "time"))
  var gap: String?

  @Flag(help: "Keep tracks of one album (same album tag) gapless; crossfade or gap only between albums.")
  var albumAware = false

  func validate() throws {
    _ = try times()
    try choices().checkedForUsage()
  }

  /// The choices the flags make (the library merges them with a playlist's defaults).
  func choices() throws -> MixChoices {
    let (crossfade, gap) = try times()
    var choices = MixChoices(crossfade: crossfade, curve: try curveChoice(), gap: gap, albumAware: albumAware)
    choices.crossfadeBeats = self.crossfade.flatMap(BeatCount.beats)
    return choices
  }

  /// The crossfade in seconds (nil when it is counted in beats) and the gap.
  private func times() throws -> (crossfade: Double?, gap: Double?) {
    let counted = crossfade.flatMap(BeatCount.beats) != nil
    if let crossfade, !counted, BeatCount.looksCounted(crossfade) {
      throw ValidationError("--crossfade counts \(BeatCount.rangeText), not '\(crossfade)'")
    }
    if let crossfade, !counted, TimeParser.seconds(crossfade) == nil {
      throw ValidationError("--crossfade takes seconds (6, 0.5), [h:]mm:ss[.fff] (0:06) or a count of bars or beats (8bars, 32beats), not '\(crossfade)'")
    }
    return (counted ? nil : try parseTime(crossfade, flag: "--crossfade"), try parseTime(gap, flag: "--gap"))
  }

  private func curveChoice() throws -> CurveChoice? {
    guard let curve else { return nil }
    if curve == "auto" { return .auto }
    guard let fixed = FadeCurve(rawValue: curve) else {
      throw ValidationError("unknown --curve '\(curve)' (choose linear, equal-power, s-curve, log, exp or auto)")
    }
    return .fixed(fixed)
  }
}

/// Reads a flag's time as seconds or `[h:]mm:ss[.fff]`.
func parseTime(_ text: String?, flag: String) throws -> Double? {
  guard let text else { return nil }
  guard let seconds = TimeParser.seconds(text) else {
    throw ValidationError("\(flag) takes a time in seconds or [h:]mm:ss[.fff], not '\(text)'")
  }
  guard seconds <= TimeParser.maximumSeconds else {
    throw ValidationError("\(flag) must be at most \(Int(TimeParser.maximumSeconds)) seconds, not '\(text)'")
  }
  return seconds
}

/// Reads a flag's length (a time more than 0) as seconds or `[h:]mm:ss[.fff]`.
func parseDuration(_ text: String?, flag: String) throws -> Double? {
  guard let seconds = try parseTime(text, flag: flag) else { return nil }
  guard seconds > 0 else { throw ValidationError("\(flag) must be longer than 0, not '\(text ?? "")'") }
  return seconds
}
