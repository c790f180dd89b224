import Composition
import Foundation

/// Which metrical level the beat is counted at, and how tightly the onsets keep to the grid.
///
/// The period is found an octave wide (`searchRange`); whether the beat is that, half or double
/// comes from the rhythm. The beat is where the drums hit hardest, and the hits between beats are
/// its subdivisions: so a level whose every other beat is hit much harder than the rest (a
/// ballad's kicks and snares at 72 BPM, under the hats that make it 144) is counted at half, and
/// one whose off-beats are hit about as hard as its beats (drum and bass's snares, between its
/// kicks at 87) is counted at double. A four-on-the-floor's kicks are as hard on every beat, and
/// its hats far softer between: it stays as found. Off-beats as hard as the beats are a backbeat
/// only when they sound apart from them (a snare against a kick, `soundApart`): a tune of even
/// eighths sounds alike on and off the beat, and nothing in its sound says whether its beat is
/// the eighths' rate or half (two of Aird's Airs in 2/4 at 89 and 90 were read sure at 178 and
/// 180), so such a level is counted at double in doubt (`TempoAnalysis.doubt`): never sure.
extension BeatGridFit {
  /// The tempos the beat is counted in, unless a range is asked for (`--tempo-range`).
  static let rhythmRange = 60.0...200.0
  /// How much harder one half of a level's beats must be hit than the other for the level to be
  /// counted at half (the harder half); and the contrast under which its off-beats count as beats
  /// too (double). Its beats' hits against its hats' are 1.9 to 4 in the test sets' backbeats, its
  /// kicks' against its snares' 1.4 in drum and bass.
  static let accentContrast = 1.6
  /// How much harder, on average, one half of a level's beats must be hit than the other for the
  /// level to be counted at half even where some of the softer beats are hit hard (which the
  /// quartiles of `harderThroughout` do not allow): a march whose beats at 70 BPM are hit about
  /// four times as hard as those between them (hedgewars' olympics_sd: three of the best analysers'
  /// four readings at 70), where the kicks of a 120 BPM track hit about twice as hard as its
  /// snares.
  static let meanAccentContrast = 3.0
  /// How many times the low band's share (`OnsetFinder.Onset.lowShare`, median) of the hits on a
  /// level's beats must be that of the hits on its off-beats, or the other way round, for
  /// off-beats as hard as the beats to sound apart from them (a kick against a snare), so that the
  /// level counted at double is in no doubt. Drum and bass's kicks at 87 carry 0.37 of their
  /// energy under 150 Hz, its snares 0.19 to 0.21 (1.8 to 2 times); hedgewars' Brick, a band at
  /// 80, 0.29 and 0.41 (1.43); the even eighths of a tune, or of Aird's Airs in 2/4 played by
  /// FluidSynth, under 0.06 on and off the beat (shares under `quietLowShare`).
  static let timbreContrast: Float = 1.3
  /// The low-band share under which hits count as having no low band (`soundApart`): a tune's
  /// notes leak a few percent under 150 Hz, more the lower they are.
  static let quietLowShare: Float = 0.1
  /// Why a grid counted at double is in doubt when its off-beats sound like its beats.
  static let octaveDoubt = "its off-beats are hit as hard as its beats and sound alike, so it may be counted at half this tempo"

  /// The fitted grid at half, its own and double tempo, each scored by the mean `strength` of the
  /// hits on its beats (`hitStrengths`) and given the confidence of its own grid, over the beats
  /// `beats` of the fitted grid; the level the rhythm counts (an index into them), and why that
  /// level is in doubt, if it is.
  func levels(of fitted: Fitted, beats: Range<Int>, strength: [Double: Double]) -> (levels: [TempoCandidate], counted: Int, doubt: String?) {
    let start = fitted.origin + Double(beats.lowerBound) * fitted.period
    let end = fitted.origin + Double(beats.upperBound - 1) * fitted.period
    let level = { (period: Double, origin: Double) -> (candidate: TempoCandidate, struck: [Double], lowShares: [Float]) in
      let first = ((start - origin) / period).rounded(.up)
      let count = max(1, Int(((end - origin) / period).rounded(.down) - first) + 1)
      var placed = Fitted(origin: origin + first * period, period: period, onBeat: [:])
      placed.onBeat = self.onBeat(of: placed, within: (start - period / 2)...(end + period / 2)).filter { (0..<count).contains($0.key) }
      let struck = (0..<count).map { placed.onBeat[$0].map { strength[$0.frame, default: 0] } ?? 0 }
      let candidate = TempoCandidate(
        grid: BeatGrid(
          framesPerBeat: period, firstBeat: placed.origin, beatCount: count,
          firstDownbeat: Self.firstDownbeat(accents: placed.onBeat.mapValues(\.accent), first: 0)),
        score: struck.reduce(0, +) / Double(count), confidence: self.confidence(of: placed, beatCount: count))
      return (candidate, struck, placed.onBeat.values.map(\.lowShare))
    }
    let period = fitted.period
    let halves = [start, start + period].map { level(2 * period, $0) }.sorted { $0.candidate.score > $1.candidate.score }
    let own = level(period, start)
    let offBeats = level(period, start + period / 2)
    let levels = [halves[0].candidate, own.candidate, level(period / 2, start).candidate]
    let inRange = levels.map { Self.rhythmRange.contains($0.grid.beatsPerMinute(sampleRate: sampleRate)) }
    let harderOnAverage = halves[0].candidate.score >= Self.meanAccentContrast * max(halves[1].candidate.score, 1e-9)
    if inRange[0], Self.harderThroughout(halves[0].struck, halves[1].struck) || harderOnAverage { return (levels, 0, nil) }
    let (beatScore, offBeatScore) = (own.candidate.score, offBeats.candidate.score)
    if inRange[2], beatScore < Self.accentContrast * offBeatScore, offBeatScore < Self.accentContrast * beatScore {
      return (levels, 2, Self.soundApart(own.lowShares, offBeats.lowShares) ? nil : Self.octaveDoubt)
    }
    return (levels, 1, nil)
  }

  /// True when the beats struck `hard` are hit harder than those struck `soft` throughout: the
  /// lower quartile of the one at least `accentContrast` times the upper quartile of the other. (A
  /// mean would not do: a two-step's kicks on 1 and none on 3 average as hard as two snares.)
  static func harderThroughout(_ hard: [Double], _ soft: [Double]) -> Bool {
    let quantile = { (strengths: [Double], share: Double) in strengths.sorted()[Int(share * Double(strengths.count - 1))] }
    return quantile(hard, 0.25) >= accentContrast * max(quantile(soft, 0.75), 1e-9)
  }

  /// True when hits with the low-band shares `beats` and `offBeats` sound apart: the median of one
  /// at least `timbreContrast` times the other's, shares under `quietLowShare` counting as it.
  static func soundApart(_ beats: [Float], _ offBeats: [Float]) -> Bool {
    guard !beats.isEmpty, !offBeats.isEmpty else { return false }
    let median = { (shares: [Float]) in max(quietLowShare, shares.sorted()[shares.count / 2]) }
    let (onBeat, offBeat) = (median(beats), median(offBeats))
    return max(onBeat, offBeat) >= timbreContrast * min(onBeat, offBeat)
  }

  /// How sure a fitted grid is: the share of its `beatCount` beats (by default, from the first
  /// with an onset on it to the last) an onset lands on, times its `tightness`.
  func confidence(of fitted: Fitted, beatCount: Int? = nil) -> Double {
    guard let first = fitted.onBeat.keys.min(), let last = fitted.onBeat.keys.max() else { return 0 }
    return Double(fitted.onBeat.count) / Double(beatCount ?? (last - first + 1)) * tightness(of: fitted)
  }

  /// How tightly the onsets on the grid keep to it, from 1 (on the beat) down to 0.5 (spread
  /// evenly over the tolerance, as they are on a grid whose period is wrong): one half plus half
  /// of one less the median distance over half the tolerance.
  func tightness(of fitted: Fitted) -> Double {
    let distances = fitted.onBeat.map { beat, onset in abs(onset.frame - (fitted.origin + Double(beat) * fitted.period)) }.sorted()
    guard !distances.isEmpty else { return 0.5 }
    let median = distances[distances.count / 2]
    return 0.5 + 0.5 * max(0, 1 - median / (tolerance(period: fitted.period) / 2))
  }

  /// Each onset's strength as a hit, by its frame: its amplitude relative to the loudest onset
  /// within two seconds (1 for the loudest kick, about 0.45 for a snare, 0.15 for a hat).
  func hitStrengths() -> [Double: Double] {
    let reach = 2 * Double(sampleRate)
    var (low, high) = (0, 0)
    var strengths: [Double: Double] = [:]
    for onset in onsets {
      while onsets[low].frame < onset.frame - reach { low += 1 }
      while high + 1 < onsets.count, onsets[high + 1].frame <= onset.frame + reach { high += 1 }
      let loudest = onsets[low...high].lazy.map(\.accent).max() ?? onset.accent
      strengths[onset.frame] = Double((onset.accent / max(loudest, .leastNormalMagnitude)).squareRoot())
    }
    return strengths
  }
}
