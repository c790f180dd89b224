import Composition
import Foundation

/// The weight each pitch class carries in a key, and the key a pitch-class profile fits best.
///
/// The profiles are written for pop and electronic music: the tonic strongest, then the fifth
/// and the third (the tonic triad a loop returns to), the other scale tones next, the borrowed
/// flat seventh of major and the raised seventh of minor (the major dominant) above the notes
/// outside the scale.
///
/// Each segment is scored against all 24 keys by correlation, heard with its neighbours (about
/// twelve seconds: a few chords are not yet a key), and votes for its best; a key's score is its
/// share of the votes (so the key that holds most of a track wins over one it modulates to), its
/// mean correlation, and how well its tonic triad fits the opening and closing seconds, where
/// music states its tonic (which tells a minor key from its relative major, whose notes are the
/// same).
enum KeyProfiles {
  /// From the tonic up, a semitone at a time.
  static let major = [1.00, 0.10, 0.45, 0.12, 0.70, 0.50, 0.12, 0.85, 0.12, 0.55, 0.20, 0.35]
  static let minor = [1.00, 0.10, 0.45, 0.75, 0.12, 0.50, 0.10, 0.80, 0.55, 0.15, 0.50, 0.25]
  /// How much the tonic triad's fit at the opening and closing counts, against a whole vote share.
  static let edgeWeight = 0.6

  /// The key of `profile`: its tuning read from where its peaks fall between semitones, each
  /// segment folded into twelve pitch classes at that tuning and scored.
  static func analysis(of profile: PitchClassProfile) -> KeyAnalysis {
    let segments = profile.segments
    guard !segments.isEmpty else { return KeyAnalysis(key: nil, confidence: 0, tuningCents: 0) }
    var whole = [Double](repeating: 0, count: PitchClassProfile.binCount)
    for segment in segments { add(segment.bins, to: &whole) }
    let offset = tuningOffset(whole)
    let chromas = segments.map { pitchClasses($0.bins, offset: offset) }
    let lengths = segments.map { Double($0.soundingFrames) }
    let keys = MusicalKey.all
    var votes = [Double](repeating: 0, count: keys.count)
    var means = [Double](repeating: 0, count: keys.count)
    for index in segments.indices {
      var heard = chromas[index]
      for neighbour in [index - 1, index + 1] where chromas.indices.contains(neighbour) { add(chromas[neighbour], to: &heard) }
      let scores = keys.map { correlation(heard, weights(of: $0)) }
      for key in keys.indices { means[key] += lengths[index] * scores[key] }
      votes[scores.indices.max { scores[$0] < scores[$1] }!] += lengths[index]
    }
    let total = lengths.reduce(0, +)
    let edges = [profile.opening, profile.closing].map { pitchClasses($0, offset: offset) }
    let scores = keys.indices.map { key in
      let triad = edges.reduce(0) { $0 + correlation($1, tonicTriad(of: keys[key])) } / 2
      return (votes[key] + means[key]) / total + edgeWeight * triad
    }
    let best = scores.indices.max { scores[$0] < scores[$1] }!
    let (key, doubt) = decided(keys[best], whole: pitchClasses(whole, offset: offset))
    return KeyAnalysis(
      key: key, confidence: votes[keys.firstIndex(of: key)!] / total,
      tuningCents: Double(offset) / Double(PitchClassProfile.binsPerSemitone) * 100, doubt: doubt)
  }

  /// How far apart the minor and major thirds and sixths must weigh for the mode to be theirs: 5 %.
  static let modeTie = 1.05
  /// The least a key's tonic may be heard against the pitch class heard most for the key to be
  /// sure: 90 %. On the real set (`Benchmarks/real-analysis`, issue 46) the two sure keys wrong
  /// but for their mode had their tonic at 0.85 and 0.86 of another pitch class (a dorian piece
  /// read as the major key a fourth above, a short cue as the relative minor of the reference).
  static let tonicShare = 0.9

  /// The key `found` (the profiles' best) with its mode as the whole signal's pitch classes
  /// (`whole`, from C) give it, and what leaves it in doubt.
  ///
  /// The profiles weigh every degree, so a minor piece whose fifth and seventh ring out can fit
  /// its parallel major better (three real tracks read as C major where the best analysers hear
  /// C minor); over the whole signal the degrees that tell the modes apart, the third and the
  /// sixth, decide it, unless they weigh within `modeTie` of each other.
  static func decided(_ found: MusicalKey, whole: [Double]) -> (key: MusicalKey, doubt: KeyAnalysis.Doubt?) {
    let weight = { (semitones: [Int]) in semitones.reduce(0) { $0 + whole[(found.tonic + $1) % 12] } }
    let (minor, major) = (weight([3, 8]), weight([4, 9]))
    var key = found
    var doubt: KeyAnalysis.Doubt?
    if max(minor, major) <= modeTie * min(minor, major) {
      doubt = .mode
    } else {
      key = MusicalKey(tonic: found.tonic, mode: minor > major ? .minor : .major)
    }
    let loudest = whole.indices.max { whole[$0] < whole[$1] }!
    if whole[found.tonic] < tonicShare * whole[loudest] { doubt = .tonic(heardMore: loudest) }
    return (key, doubt)
  }

  /// The profile bin offset where the semitones' centres lie (from -binsPerSemitone / 2 + 1 to
  /// binsPerSemitone / 2): the one whose bins, over all pitch classes, hold the most.
  private static func tuningOffset(_ bins: [Double]) -> Int {
    let perSemitone = PitchClassProfile.binsPerSemitone
    let sums = (0..<perSemitone).map { offset in stride(from: offset, to: bins.count, by: perSemitone).reduce(0) { $0 + bins[$1] } }
    // Smoothed round the semitone, so a tuning between two bins is not split.
    let smoothed = sums.indices.map { index in
      0.5 * sums[index] + 0.25 * (sums[(index + perSemitone - 1) % perSemitone] + sums[(index + 1) % perSemitone])
    }
    let best = smoothed.indices.max { smoothed[$0] < smoothed[$1] }!
    return best > perSemitone / 2 ? best - perSemitone : best
  }

  /// Twelve pitch classes from C: each the profile bins within half a semitone of its centre at
  /// `offset`, weighted by how near they lie.
  private static func pitchClasses(_ bins: [Double], offset: Int) -> [Double] {
    let perSemitone = PitchClassProfile.binsPerSemitone
    var chroma = [Double](repeating: 0, count: 12)
    for semitoneFromA in 0..<12 {
      var sum = 0.0
      for step in -(perSemitone / 2 - 1)...(perSemitone / 2 - 1) {
        let weight = pow(cos(Double.pi * Double(step) / Double(perSemitone)), 2)
        sum += weight * bins[(semitoneFromA * perSemitone + offset + step + bins.count) % bins.count]
      }
      chroma[(semitoneFromA + 9) % 12] = sum
    }
    return chroma
  }

  /// The profile of `key`, indexed by pitch class from C.
  private static func weights(of key: MusicalKey) -> [Double] {
    let fromTonic = key.mode == .major ? major : minor
    return (0..<12).map { fromTonic[($0 - key.tonic + 12) % 12] }
  }

  /// 1 on the pitch classes of `key`'s tonic triad, 0 elsewhere.
  private static func tonicTriad(of key: MusicalKey) -> [Double] {
    let triad = [0, key.mode == .major ? 4 : 3, 7].map { ($0 + key.tonic) % 12 }
    return (0..<12).map { triad.contains($0) ? 1 : 0 }
  }

  private static func add(_ values: [Double], to sum: inout [Double]) {
    for index in sum.indices { sum[index] += values[index] }
  }

  /// Pearson's correlation of two series of one length.
  private static func correlation(_ x: [Double], _ y: [Double]) -> Double {
    let (meanX, meanY) = (x.reduce(0, +) / Double(x.count), y.reduce(0, +) / Double(y.count))
    var (sxy, sxx, syy) = (0.0, 0.0, 0.0)
    for index in x.indices {
      let (dx, dy) = (x[index] - meanX, y[index] - meanY)
      sxy += dx * dy
      sxx += dx * dx
      syy += dy * dy
    }
    return sxx > 0 && syy > 0 ? sxy / (sxx * syy).squareRoot() : 0
  }
}
