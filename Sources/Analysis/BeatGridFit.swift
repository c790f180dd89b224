import Composition
import Foundation

/// Fits one beat grid to a signal's onsets over its whole length, from aubio's rough beats.
///
/// Aubio's beats give the period roughly (the mean of their spacing, brought into `searchRange`:
/// aubio often locks onto every other beat, and a triplet feel can make it hear two beats as
/// three: `periodRatios`), and the onsets give it exactly (`coherentPeriod`):
/// aubio places its beats on its hop, and at some rates (48 kHz: a 21.3 ms hop) their mean
/// spacing is 1 to 2 % off. The onsets also give the seed, the loudest on the beat's phase near
/// the middle. The grid is fitted by least squares to the onsets that fall
/// on it, first over 16 beats either side of the seed, then over four times as many each round,
/// so each round's period is exact enough to count beats across the next. Then the rhythm says
/// whether the beat is that period, half or double (`levels`).
struct BeatGridFit {
  let sampleRate: Int
  let onsets: [OnsetFinder.Onset]
  let trackedBeats: [Double]

  /// Fewer beats than this on the grid give no grid.
  static let minimumBeats = 16
  /// The octave the period is searched and fitted in; the grid is then counted at the metrical
  /// level the rhythm gives (`levels`), which may be half or double.
  static let searchRange = 78.0..<156.0

  /// The tempo analysis: a grid when the onsets fit one well enough, counted at the metrical
  /// level the rhythm gives, with the other levels as candidates.
  func analysis() -> TempoAnalysis {
    guard let tracked = trackedPeriod else {
      return TempoAnalysis(sampleRate: sampleRate, estimatedBPM: nil, confidence: 0, grid: nil)
    }
    let estimated = 60 * Double(sampleRate) / tracked
    let strength = hitStrengths()
    // Aubio's period, unless its grid is unsure and one a triplet feel suggests is sure. Where
    // aubio's own grid fits nearly as well (`rivalConfidence`), the onsets fit two beats in 3:2
    // (steady eighths in 6/8 fit the dotted quarter and the quarter alike): no reading is sure, and
    // aubio's stands, unsure.
    var best: TempoAnalysis?
    for ratio in Self.periodRatios {
      if let own = best, own.grid != nil, own.confidence >= Self.rivalConfidence { break }
      let period = coherentPeriod(near: Self.folded(tracked * ratio, sampleRate: sampleRate))
      guard let seed = seedOnset(period: period), let fitted = fit(seed: seed, period: period) else { continue }
      let analysis = counted(fitted, strength: strength, estimated: estimated)
      if best == nil || (analysis.isSure && analysis.confidence > best!.confidence) { best = analysis }
      if best!.isSure { break }
    }
    return best ?? TempoAnalysis(sampleRate: sampleRate, estimatedBPM: estimated, confidence: 0, grid: nil)
  }

  /// The analysis `fitted` gives: its grid counted at the level the rhythm gives, with the other
  /// levels as candidates; no grid when too few of its beats have an onset.
  private func counted(_ fitted: Fitted, strength: [Double: Double], estimated: Double) -> TempoAnalysis {
    let beats = fitted.onBeat.keys
    let span = beats.min()!..<(beats.max()! + 1)
    guard beats.count >= Self.minimumBeats, Double(beats.count) / Double(span.count) >= TempoAnalysis.minimumCoverage else {
      return TempoAnalysis(sampleRate: sampleRate, estimatedBPM: estimated, confidence: confidence(of: fitted), grid: nil)
    }
    let (levels, counted, doubt) = levels(of: fitted, beats: span, strength: strength)
    var analysis = TempoAnalysis(sampleRate: sampleRate, estimatedBPM: estimated, confidence: levels[counted].confidence, grid: levels[counted].grid)
    (analysis.candidates, analysis.doubt) = (levels, doubt)
    return analysis
  }

  /// The periods tried, as ratios to aubio's (folded into `searchRange`): its own, and the two a
  /// triplet feel can make it mistake the beat for (aubio heard a 133 BPM two-step at 89).
  static let periodRatios = [1, 2.0 / 3, 3.0 / 2]

  /// The confidence of aubio's own grid at which a grid in 3:2 with it (`periodRatios`) is not
  /// tried: where both fit, a sure reading would be a guess between them. Two tunes of Aird's Airs
  /// in 6/8 at a dotted quarter of 120 fit aubio's 120 at 0.55 and 0.59, and a grid at 90 (counted
  /// 180) at 0.61 and 0.64; a two-step aubio hears at two thirds of its tempo fits that far worse.
  static let rivalConfidence = 0.5

  /// `period` doubled or halved into `searchRange`.
  static func folded(_ period: Double, sampleRate: Int) -> Double {
    let minute = 60 * Double(sampleRate)
    var period = period
    while minute / period < searchRange.lowerBound { period /= 2 }
    while minute / period >= searchRange.upperBound { period *= 2 }
    return period
  }

  /// The mean spacing of aubio's beats, leaving out gaps and doubled beats (spacings more than
  /// 10 % from the median); nil with fewer than four beats.
  private var trackedPeriod: Double? {
    guard trackedBeats.count >= 4 else { return nil }
    let spacings = zip(trackedBeats.dropFirst(), trackedBeats).map { $0 - $1 }
    let median = spacings.sorted()[spacings.count / 2]
    let steady = spacings.filter { abs($0 - median) <= 0.1 * median }
    guard median > 0, !steady.isEmpty else { return nil }
    return Self.folded(steady.reduce(0, +) / Double(steady.count), sampleRate: sampleRate)
  }

  /// The period within 4 % of `estimate` on which the onsets line up best: where their
  /// accent-weighted phases (over the whole signal) gather most, on the beat and on the half-beat
  /// (the sum of both resultants' squared magnitudes, so hats on the off-beat add to the beat's
  /// hits instead of cancelling them), searched in steps of 0.05 % and then of 0.002 % around the
  /// best. Over a track's hundreds of beats a period a fraction of a percent off scatters the
  /// phases, so the peak is sharp. `estimate` with fewer onsets than a grid needs.
  private func coherentPeriod(near estimate: Double) -> Double {
    guard onsets.count >= Self.minimumBeats else { return estimate }
    let coherence = { (period: Double) -> Double in
      var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
      for onset in self.onsets {
        let angle = 2 * Double.pi * onset.frame / period
        let (cosine, sine) = (cos(angle), sin(angle))
        let accent = Double(onset.accent)
        x1 += accent * cosine
        y1 += accent * sine
        x2 += accent * (cosine * cosine - sine * sine)
        y2 += accent * 2 * sine * cosine
      }
      return x1 * x1 + y1 * y1 + x2 * x2 + y2 * y2
    }
    var best = estimate
    for (step, reach) in [(0.0005, 0.04), (0.00002, 0.0005)] {
      let centre = best
      let candidates = stride(from: -reach, through: reach, by: step).map { centre * (1 + $0) }
      best = zip(candidates, candidates.map(coherence)).max { $0.1 < $1.1 }!.0
    }
    return best
  }

  /// How far an onset may be from a beat and still be on it: a tenth of a beat, at most 25 ms.
  func tolerance(period: Double) -> Double { min(0.1 * period, 0.025 * Double(sampleRate)) }

  /// The onset the grid is fitted through: the loudest near the middle of the signal on the
  /// beat's phase. The phase is the one that gathers the most accent within the tolerance, among
  /// the onsets' own phases over 16 beats either side (the hits on the beat are the loudest;
  /// aubio's own beats may sit on the off-beats). A mean of the phases would not do: hits on the
  /// beat and hats on the off-beat pull it between them, where there are none. Nil without onsets.
  private func seedOnset(period: Double) -> Int? {
    guard !onsets.isEmpty else { return nil }
    let middle = onsets[onsets.count / 2].frame
    let near = onsets.indices.filter { abs(onsets[$0].frame - middle) <= 16 * period }
    let tolerance = tolerance(period: period)
    let onPhase = { (reference: Int) in
      near.filter { index in
        let offset = (self.onsets[index].frame - self.onsets[reference].frame) / period
        return abs(offset - offset.rounded()) * period <= tolerance
      }
    }
    let weights = near.map { reference in onPhase(reference).reduce(Float(0)) { $0 + self.onsets[$1].accent } }
    guard let phase = zip(near, weights).max(by: { $0.1 < $1.1 })?.0 else { return nil }
    return onPhase(phase).max { onsets[$0].accent < onsets[$1].accent }
  }

  /// A grid (beat 0 at `origin`) and the onset on each of its beats, by beat index.
  struct Fitted {
    var origin: Double
    var period: Double
    var onBeat: [Int: OnsetFinder.Onset]
  }

  /// Fits the grid through the seed onset over widening spans; nil when too few onsets fall on it.
  private func fit(seed: Int, period: Double) -> Fitted? {
    var fitted = Fitted(origin: onsets[seed].frame, period: period, onBeat: [:])
    var span = 16.0
    while true {
      let reach = span * fitted.period
      fitted.onBeat = onBeat(of: fitted, within: (onsets[seed].frame - reach)...(onsets[seed].frame + reach))
      guard fitted.onBeat.count >= 4, let line = Self.leastSquares(fitted.onBeat.mapValues(\.frame)) else { return nil }
      fitted.origin = line.origin
      fitted.period = line.period
      if reach >= onsets.last!.frame - onsets.first!.frame { break }
      span *= 4
    }
    fitted.onBeat = onBeat(of: fitted, within: onsets.first!.frame...onsets.last!.frame)
    return fitted.onBeat.count >= 4 ? fitted : nil
  }

  /// The onsets (of `among`, or all) in `range` within the tolerance of a beat of `fitted`, the
  /// nearest one per beat.
  func onBeat(of fitted: Fitted, within range: ClosedRange<Double>, among: [OnsetFinder.Onset]? = nil) -> [Int: OnsetFinder.Onset] {
    let tolerance = tolerance(period: fitted.period)
    var found: [Int: OnsetFinder.Onset] = [:]
    for onset in among ?? onsets where range.contains(onset.frame) {
      let beat = Int(((onset.frame - fitted.origin) / fitted.period).rounded())
      let distance = abs(onset.frame - (fitted.origin + Double(beat) * fitted.period))
      guard distance <= tolerance else { continue }
      if let kept = found[beat], abs(kept.frame - (fitted.origin + Double(beat) * fitted.period)) <= distance { continue }
      found[beat] = onset
    }
    return found
  }

  /// The straight line frame = origin + beat x period through the points, by least squares. The
  /// points are summed in beat order, so the same signal gives the same grid in every run (a
  /// dictionary's order changes from run to run, and with it the sums' last bits).
  private static func leastSquares(_ points: [Int: Double]) -> (origin: Double, period: Double)? {
    let ordered = points.sorted { $0.key < $1.key }
    let count = Double(ordered.count)
    let meanBeat = ordered.reduce(0.0) { $0 + Double($1.key) } / count
    let meanFrame = ordered.reduce(0.0) { $0 + $1.value } / count
    var covariance = 0.0
    var variance = 0.0
    for (beat, frame) in ordered {
      covariance += (Double(beat) - meanBeat) * (frame - meanFrame)
      variance += (Double(beat) - meanBeat) * (Double(beat) - meanBeat)
    }
    guard variance > 0, covariance > 0 else { return nil }
    let period = covariance / variance
    return (meanFrame - period * meanBeat, period)
  }

  /// Which beat of the grid (counted from beat `first`) is the first downbeat: the phase of the
  /// bar whose hits are loudest on average, when it stands 1.5 dB over every other phase; nil
  /// otherwise (or with fewer than two bars' hits in a phase).
  static func firstDownbeat(accents: [Int: Float], first: Int) -> Int? {
    let bar = BeatGrid.beatsPerBar
    var sums = Array(repeating: 0.0, count: bar)
    var counts = Array(repeating: 0, count: bar)
    for (beat, accent) in accents.sorted(by: { $0.key < $1.key }) {
      let phase = ((beat - first) % bar + bar) % bar
      sums[phase] += 10 * log10(Double(max(accent, 1e-12)))
      counts[phase] += 1
    }
    guard counts.allSatisfy({ $0 >= 2 }) else { return nil }
    let means = zip(sums, counts).map { $0 / Double($1) }
    let loudest = means.indices.max { means[$0] < means[$1] }!
    let others = means.indices.filter { $0 != loudest }.map { means[$0] }
    return others.allSatisfy({ means[loudest] - $0 >= 1.5 }) ? loudest : nil
  }
}
