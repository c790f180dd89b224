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
    return KeyAnalysis(
      key: keys[best], confidence: votes[best] / total, tuningCents: Double(offset) / Double(PitchClassProfile.binsPerSemitone) * 100)
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
