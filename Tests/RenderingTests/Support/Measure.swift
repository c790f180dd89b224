import Foundation

/// Measurements on interleaved sample arrays: levels, errors against a reference, alignment.
enum Measure {
  /// Root mean square over the sample frames in `frames`, of one channel or (when nil) of all.
  static func rms(_ samples: [Float], channels: Int, frames: Range<Int>, channel: Int? = nil) -> Double {
    let picked = channel.map { $0..<($0 + 1) } ?? 0..<channels
    var sum = 0.0
    for frame in frames {
      for index in picked {
        let value = Double(samples[frame * channels + index])
        sum += value * value
      }
    }
    return (sum / Double(max(1, frames.count * picked.count))).squareRoot()
  }

  /// Root mean square of `output - reference` over every sample frame in `ranges`, all channels.
  static func rmsError(_ output: [Float], _ reference: [Float], channels: Int, ranges: [Range<Int>]) -> Double {
    var sum = 0.0
    var count = 0
    for range in ranges {
      for index in (range.lowerBound * channels)..<(range.upperBound * channels) {
        let difference = Double(output[index]) - Double(reference[index])
        sum += difference * difference
      }
      count += range.count * channels
    }
    return (sum / Double(max(1, count))).squareRoot()
  }

  /// The window of `window` frames (stepping by whole windows) with the largest RMS error.
  static func worstWindowError(_ output: [Float], _ reference: [Float], channels: Int, window: Int)
    -> (start: Int, error: Double)
  {
    let frames = min(output.count, reference.count) / channels
    let starts = stride(from: 0, through: frames - window, by: window)
    return starts.map { (start: $0, error: rmsError(output, reference, channels: channels, ranges: [$0..<($0 + window)])) }
      .max { $0.error < $1.error } ?? (0, 0)
  }

  /// The largest absolute difference between two equally long sample arrays.
  static func maxDifference(_ a: [Float], _ b: [Float]) -> Float {
    zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
  }

  /// The lag (in sample frames, within `-maxLag...maxLag`) that maximizes the normalized
  /// cross-correlation of `output[frame + lag]` with `reference[frame]` over the frames within
  /// `halfWindow` of `center`.
  ///
  /// A pure 997 Hz tone repeats every 44.2 frames at 44.1 kHz (48.1 at 48 kHz), so only the low
  /// noise tells lag 0 from a lag one period away. Two refinements keep that margin: the products
  /// are weighted by a Hann window (partial periods at hard window edges otherwise favour another
  /// lag), and each lag's score is divided by the output's weighted energy at that lag (a codec's
  /// slow level wobble otherwise outweighs the noise's contribution). A positive result means
  /// `output` runs late. Both arrays must reach `maxLag` beyond the window.
  static func bestLag(
    _ output: [Float], _ reference: [Float], channels: Int, around center: Int, halfWindow: Int = 1024,
    maxLag: Int = 64
  ) -> Int {
    let window = (center - halfWindow)..<(center + halfWindow)
    precondition(window.lowerBound - maxLag >= 0 && (window.upperBound + maxLag) * channels <= output.count)
    let weights = window.map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0 - window.lowerBound) / Double(window.count)) }
    return output.withUnsafeBufferPointer { out in
      reference.withUnsafeBufferPointer { ref in
        let scores = (-maxLag...maxLag).map { lag in
          (lag: lag, score: normalizedCorrelation(out, ref, channels, window.lowerBound, weights, lag))
        }
        return scores.max { $0.score < $1.score }!.lag
      }
    }
  }

  /// Σ w·out[f+lag]·ref[f] / √(Σ w·out[f+lag]²) over the window starting at frame `first`.
  private static func normalizedCorrelation(
    _ output: UnsafeBufferPointer<Float>, _ reference: UnsafeBufferPointer<Float>, _ channels: Int, _ first: Int,
    _ weights: [Double], _ lag: Int
  ) -> Double {
    var product = 0.0
    var energy = 0.0
    for (offset, weight) in weights.enumerated() {
      let base = (first + offset) * channels
      for channel in 0..<channels {
        let shifted = Double(output[base + lag * channels + channel])
        product += weight * shifted * Double(reference[base + channel])
        energy += weight * shifted * shifted
      }
    }
    return product / max(energy, .leastNormalMagnitude).squareRoot()
  }

  /// A ratio in decibels.
  static func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }
}
