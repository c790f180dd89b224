import ArgumentParser
import FFmpegAudio
import Rendering

/// The flags that render damaged or truncated inputs instead of refusing them.
struct ToleranceFlags: ParsableArguments {
  @Flag(help: "Render through damaged stretches of an input, with what is lost as silence (each one is reported).")
  var allowDamaged = false

  @Flag(help: "Render an input that ends before its header says, as far as it goes (reported).")
  var allowTruncated = false

  /// What the flags allow.
  var tolerance: DecodeTolerance { DecodeTolerance(damaged: allowDamaged, truncated: allowTruncated) }
}
