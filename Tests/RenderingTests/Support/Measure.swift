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

  /// The largest absolute difference between two equally long sample arrays.
  static func maxDifference(_ a: [Float], _ b: [Float]) -> Float {
    zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
  }

  /// The lag (in sample frames, within `-maxLag...maxLag`) that maximizes the cross-correlation of
  /// `output[frame + lag]` with `reference[frame]` over the frames within `halfWindow` of `center`.
  ///
  /// A positive result means `output` runs late. Both arrays must reach `maxLag` beyond the window.
  static func bestLag(
    _ output: [Float], _ reference: [Float], channels: Int, around center: Int, halfWindow: Int = 1024,
    maxLag: Int = 64
  ) -> Int {
    let window = (center - halfWindow)..<(center + halfWindow)
    precondition(window.lowerBound - maxLag >= 0 && (window.upperBound + maxLag) * channels <= output.count)
    return output.withUnsafeBufferPointer { out in
      reference.withUnsafeBufferPointer { ref in
        let scores = (-maxLag...maxLag).map { (lag: $0, score: correlation(out, ref, channels, window, $0)) }
        return scores.max { $0.score < $1.score }!.lag
      }
    }
  }

  private static func correlation(
    _ output: UnsafeBufferPointer<Float>, _ reference: UnsafeBufferPointer<Float>, _ channels: Int,
    _ window: Range<Int>, _ lag: Int
  ) -> Double {
    var sum = 0.0
    for index in (window.lowerBound * channels)..<(window.upperBound * channels) {
      sum += Double(output[index + lag * channels]) * Double(reference[index])
    }
    return sum
  }

  /// A ratio in decibels.
  static func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }
}
