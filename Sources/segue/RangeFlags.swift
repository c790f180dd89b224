import ArgumentParser
import Rendering

/// `--from`, `--to` and `--duration`: render only part of the mix.
struct RangeFlags: ParsableArguments {
  @Option(help: ArgumentHelp("Start this far into the mix (seconds or [h:]mm:ss[.fff]).", valueName: "time"))
  var from: TimeArgument?

  @Option(help: ArgumentHelp("Stop this far into the mix.", valueName: "time"))
  var to: TimeArgument?

  @Option(help: ArgumentHelp("Stop this long after --from.", valueName: "time"))
  var duration: TimeArgument?

  @Option(help: ArgumentHelp("Fade the part in and out over this many seconds at its edges (default: an exact slice).", valueName: "time"))
  var edgeFade: TimeArgument?

  func validate() throws {
    if to != nil && duration != nil { throw ValidationError("give --to or --duration, not both") }
    _ = try timeRange()
    _ = try edgeFadeSeconds()
  }

  /// The edge fade asked for, in seconds.
  func edgeFadeSeconds() throws -> Double? { try edgeFade?.seconds("--edge-fade") }

  /// The part asked for, or nil for the whole mix.
  func timeRange() throws -> TimeRange? {
    let start = try from?.seconds("--from")
    let end = try to?.seconds("--to") ?? (try duration?.seconds("--duration")).map { (start ?? 0) + $0 }
    if start == nil && end == nil { return nil }
    if let start, let end, end <= start { throw ValidationError("--to must come after --from") }
    return TimeRange(from: start, to: end)
  }
}
