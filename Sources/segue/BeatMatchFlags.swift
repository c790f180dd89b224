import ArgumentParser
import Composition
import Playlists
import Rendering
import Settings

/// The command-line options for beat-matched crossfades, bass swaps and key shifts.
struct BeatMatchFlags: ParsableArguments {
  @Flag(help: "Match beats in every crossfade: the incoming track is stretched to the outgoing one's tempo, its beats on the other's.")
  var beatmatch = false

  @Option(parsing: .unconditional, help: ArgumentHelp("Bars over which the incoming track returns to its own tempo after the crossfade (1 to 64, default 8).", valueName: "bars"))
  var tempoRamp: Int?

  @Flag(help: "Keep the mix tempo through the rest of each incoming track instead of returning to its own.")
  var holdTempo = false

  @Option(parsing: .unconditional, help: ArgumentHelp("Tempos further apart than this give a plain crossfade (0 to 50, default 8; halves and doubles count).", valueName: "percent"))
  var maxTempoChange: Double?

  @Option(help: ArgumentHelp("How the incoming track is stretched: auto (varispeed under 5 cents), varispeed (holds the tempo, like a turntable's pitch) or preserve-pitch.", valueName: "method"))
  var beatmatchMethod: StretchChoice?

  @Option(help: ArgumentHelp("The tempos beats are counted in, MIN-MAX in BPM, MAX at least twice MIN (70-140 counts drum and bass at 87); without it the rhythm chooses within 60-200.", valueName: "MIN-MAX"))
  var tempoRange: String?

  @Flag(help: "Swap the bass in every crossfade: the outgoing track's low end (under 200 Hz) hands over to the incoming track's in 20 ms, on the downbeat nearest the middle.")
  var eqSwap = false

  @Option(help: ArgumentHelp("Pitch-shift an incoming track whose key clashes with the outgoing one's by the fewest semitones that make them blend (auto), or not (off, the default).", valueName: "auto|off"))
  var keyShift: KeyShiftChoice?

  @Option(parsing: .unconditional, help: ArgumentHelp("The most semitones --key-shift auto moves a track, up or down (0 to 6, default 1).", valueName: "semitones"))
  var maxKeyShift: Int?

  @Option(help: ArgumentHelp("harmonic: reorder the tracks so each blends in key with the next and keeps within --max-tempo-change, preferring small jumps in loudness (the first track stays first); as-given (the default) keeps the order.", valueName: "order"))
  var order: TrackOrder?

  @Flag(help: "With --order harmonic, keep the last track last too.")
  var keepLast = false

  func validate() throws { try choices(into: MixChoices()).checkedForUsage() }

  /// The range `--tempo-range` gives, or a usage error saying what is wrong with it.
  static func range(_ text: String) throws -> ClosedRange<Double> {
    switch TempoRangeText.range(text) {
    case .success(let range): return range
    case .failure(let problem): throw ValidationError("--tempo-range \(problem.text)")
    }
  }

  /// `choices` with what these flags choose.
  func choices(into choices: MixChoices) throws -> MixChoices {
    var choices = choices
    var beatMatch = DJTransitionChoices()
    if beatmatch { beatMatch.enabled = true }
    if holdTempo { beatMatch.holdTempo = true }
    if eqSwap { beatMatch.eqSwap = true }
    beatMatch.rampBars = tempoRamp
    beatMatch.maxTempoChangePercent = maxTempoChange
    if let beatmatchMethod { beatMatch.method = beatmatchMethod.method.map(Override.set) ?? .reset }
    if let keyShift { beatMatch.keyShift = keyShift == .auto }
    beatMatch.maxKeyShift = maxKeyShift
    if let order { choices.harmonicOrder = order == .harmonic }
    if keepLast && !choices.harmonicOrder { throw ValidationError("--keep-last goes with --order harmonic") }
    choices.keepLast = keepLast
    choices.beatMatch = beatMatch
    choices.tempoRange = try tempoRange.map(Self.range)
    return choices
  }
}
