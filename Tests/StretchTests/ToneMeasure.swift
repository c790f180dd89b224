import Foundation

/// Measurements of a sine in decoded audio: its frequency by the slope of its phase, and what is
/// left when the sine is taken out.
enum ToneMeasure {
  /// The frequency of the sine near `guess` Hz in mono `samples` at `rate`, from the slope of its
  /// phase over the whole window: the signal is mixed down by `guess`, averaged over 0.1 s blocks
  /// and the blocks' phases fitted by a line.
  static func frequency(_ samples: ArraySlice<Float>, rate: Int, near guess: Double) -> Double {
    let block = rate / 10
    var times: [Double] = [], phases: [Double] = []
    var start = samples.startIndex
    while start + block <= samples.endIndex {
      var (re, im) = (0.0, 0.0)
      for index in start..<(start + block) {
        let angle = 2 * Double.pi * guess * Double(index) / Double(rate)
        re += Double(samples[index]) * cos(angle)
        im -= Double(samples[index]) * sin(angle)
      }
      var phase = atan2(im, re)
      if let last = phases.last { phase += (2 * Double.pi) * ((last - phase) / (2 * Double.pi)).rounded() }
      phases.append(phase)
      times.append(Double(start + block / 2) / Double(rate))
      start += block
    }
    let meanT = times.reduce(0, +) / Double(times.count), meanP = phases.reduce(0, +) / Double(phases.count)
    let slope = zip(times, phases).reduce(0.0) { $0 + ($1.0 - meanT) * ($1.1 - meanP) } / times.reduce(0.0) { $0 + ($1 - meanT) * ($1 - meanT) }
    return guess + slope / (2 * Double.pi)
  }

  /// The RMS, in dBFS, of what is left of mono `samples` at `rate` once the best-fitting sine of
  /// `frequency` Hz is taken out: every FFT bin of the rest lies under it.
  static func residualDB(_ samples: ArraySlice<Float>, rate: Int, frequency: Double) -> Double {
    var (ss, sc, cc, ys, yc) = (0.0, 0.0, 0.0, 0.0, 0.0)
    for index in samples.indices {
      let angle = 2 * Double.pi * frequency * Double(index) / Double(rate)
      let (s, c, y) = (sin(angle), cos(angle), Double(samples[index]))
      ss += s * s; sc += s * c; cc += c * c; ys += y * s; yc += y * c
    }
    let determinant = ss * cc - sc * sc
    let a = (ys * cc - yc * sc) / determinant, b = (yc * ss - ys * sc) / determinant
    var energy = 0.0
    for index in samples.indices {
      let angle = 2 * Double.pi * frequency * Double(index) / Double(rate)
      let rest = Double(samples[index]) - a * sin(angle) - b * cos(angle)
      energy += rest * rest
    }
    // Full scale is a sine of peak 1, RMS 1/√2: dBFS as the meters read it.
    return 10 * log10(2 * energy / Double(samples.count))
  }

  /// Cents from `reference` to `frequency`.
  static func cents(_ frequency: Double, from reference: Double) -> Double { 1200 * log2(frequency / reference) }
}
