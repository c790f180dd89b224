import Playlists
import Settings

extension RenderRequest {
  /// Refuses a setting out of its range, or two that exclude each other: the same refusal
  /// whether the request was built in Swift or from the command line. What depends on the
  /// inputs (a codec's rates, a stretch's ratio, a range past the mix's end) is checked once
  /// they are known.
  public func check() throws(SettingProblem) {
    try output.check()
    try mix.check()
    try stretch?.check()
    if let threads { _ = try Setting.threads.check(Double(threads)) }
    if let from = range?.from, let to = range?.to, to <= from { throw .notAfter(.from, .to) }
    let times: [(Setting, Double?)] = [(.from, range?.from), (.to, range?.to), (.edgeFade, edgeFade), (.fit, fit?.seconds)]
    for case (let setting, let value?) in times where !(value >= 0 && value <= TimeParser.maximumSeconds) {
      throw .outOfRange(setting, value: value, allowed: 0...TimeParser.maximumSeconds)
    }
  }
}

extension MixOptions {
  /// Refuses a crossfade and a gap together, or a level, time, ramp or tempo change out of its
  /// range.
  public func check() throws(SettingProblem) {
    if (crossfade ?? 0) > 0 && (gap ?? 0) > 0 { throw .notBoth(.crossfade, .gap) }
    for case (let setting, let value?) in [(Setting.crossfade, crossfade), (.gap, gap)] where !(value >= 0 && value <= TimeParser.maximumSeconds) {
      throw .outOfRange(setting, value: value, allowed: 0...TimeParser.maximumSeconds)
    }
    try LoudnessSettings(target: loudness.targetLUFS.map(Override.set) ?? .reset, truePeak: loudness.truePeakDBTP).check()
    try silence.check()
    try DJTransitionChoices(rampBars: beatMatching.rampBars, maxTempoChangePercent: beatMatching.maxTempoChange * 100).check()
  }
}
