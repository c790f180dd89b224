import Composition
import Foundation

/// The weight each pitch class carries in a key, and the key a pitch-class profile fits best.
///
/// The profiles are written for pop and electronic music: the tonic strongest, then the fifth
/// and the third (the tonic triad a loop returns to), the other scale tones next, the borrowed
/// flat seventh of major and the raised seventh of minor (the major dominant) above the notes
/// outside the scale. Each segment of the signal is scored against all 24 keys by correlation;
/// the key with the best mean score over the segments wins, so one that holds most of a track
/// wins over one it modulates to.
enum KeyProfiles {
  /// From the tonic up, a semitone at a time.
  static let major = [1.00, 0.10, 0.45, 0.12, 0.70, 0.50, 0.12, 0.85, 0.12, 0.55, 0.20, 0.35]
  static let minor = [1.00, 0.10, 0.45, 0.75, 0.12, 0.50, 0.10, 0.80, 0.55, 0.15, 0.50, 0.25]

  /// The key of `profile`: its tuning read from where its peaks fall between semitones, each
  /// segment folded into twelve pitch classes at that tuning and scored.
  static func analysis(of profile: PitchClassProfile) -> KeyAnalysis {
    let segments = profile.segments
    guard !segments.isEmpty else { return KeyAnalysis(key: nil, confidence: 0, tuningCents: 0) }
    let perSemitone = PitchClassProfile.binsPerSemitone
    var whole = [Double](repeating: 0, count: PitchClassProfile.binCount)
    for segment in segments { for index in whole.indices { whole[index] += segment.bins[index] } }
    let offset = tuningOffset(whole)
    let lengths = segments.map { Double($0.soundingFrames) }
    var scores = [Double](repeating: 0, count: MusicalKey.all.count)
    var votes = [Double](repeating: 0, count: MusicalKey.all.count)
    for (segment, length) in zip(segments, lengths) {
      let chroma = pitchClasses(segment.bins, offset: offset)
      let segmentScores = MusicalKey.all.map { correlation(chroma, weights(of: $0)) }
      for index in scores.indices { scores[index] += length * segmentScores[index] }
      if let best = segmentScores.indices.max(by: { segmentScores[$0] < segmentScores[$1] }) { votes[best] += length }
    }
    let best = scores.indices.max { scores[$0] < scores[$1] }!
    let cents = Double(offset) / Double(perSemitone) * 100
    return KeyAnalysis(key: MusicalKey.all[best], confidence: votes[best] / lengths.reduce(0, +), tuningCents: cents > 50 ? cents - 100 : cents)
  }

  /// The profile bin offset (0 to binsPerSemitone - 1) where the semitones' centres lie: the one
  /// whose bins, over all pitch classes, hold the most.
  private static func tuningOffset(_ bins: [Double]) -> Int {
    let perSemitone = PitchClassProfile.binsPerSemitone
    let sums = (0..<perSemitone).map { offset in stride(from: offset, to: bins.count, by: perSemitone).reduce(0) { $0 + bins[$1] } }
    // Smoothed round the semitone, so a tuning between two bins is not split.
    let smoothed = sums.indices.map { index in
      0.5 * sums[index] + 0.25 * (sums[(index + perSemitone - 1) % perSemitone] + sums[(index + 1) % perSemitone])
    }
    return smoothed.indices.max { smoothed[$0] < smoothed[$1] }!
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
