import Foundation

/// BS.1770's K-weighting at one sample rate: a high shelf (the head's effect) followed by a
/// high-pass (the revised low-frequency B curve), with the standard's channel weights.
///
/// The coefficients come from the analog prototypes behind the standard's 48 kHz tables, mapped to
/// `sampleRate` by the bilinear transform, as libebur128 derives them, so both filters agree to
/// double precision at every rate.
struct KWeighting {
  /// A second-order section, normalized so that `a0` is 1.
  struct Biquad {
    var b0, b1, b2, a1, a2: Double
  }

  let shelf: Biquad
  let highPass: Biquad

  init(sampleRate: Int) {
    let rate = Double(sampleRate)
    var k = tan(Double.pi * 1681.974450955533 / rate)
    var q = 0.7071752369554196
    let highGain = pow(10, 3.999843853973347 / 20)
    let bandGain = pow(highGain, 0.4996667741545416)
    var a0 = 1 + k / q + k * k
    shelf = Biquad(
      b0: (highGain + bandGain * k / q + k * k) / a0, b1: 2 * (k * k - highGain) / a0,
      b2: (highGain - bandGain * k / q + k * k) / a0, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
    k = tan(Double.pi * 38.13547087602444 / rate)
    q = 0.5003270373238773
    a0 = 1 + k / q + k * k
    highPass = Biquad(b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
  }

  /// The weight of each channel's energy in the sum, in libebur128's default order: left, right,
  /// centre, LFE (left out), left and right surround (1.41), any further channel left out. A mono
  /// signal counts twice, as it sounds from two speakers (dual mono), not 3 dB low.
  static func channelWeights(channelCount: Int) -> [Double] {
    guard channelCount > 1 else { return [2] }
    let named: [Double] = [1, 1, 1, 0, 1.41, 1.41]
    return (0..<channelCount).map { $0 < named.count ? named[$0] : 0 }
  }
}

/// The running state of K-weighting over interleaved channels: it filters samples and sums the
/// weighted energy of what comes out.
///
/// Channels are filtered two at a time, one in each lane of a `SIMD2<Double>`: each sample's
/// filter step waits on the one before it, so a lone channel leaves most of the processor idle.
/// With an odd number of channels, the last pair's second lane filters the last channel again
/// and its weight is zero.
struct KWeightedEnergy {
  private let weighting: KWeighting
  private let channelCount: Int
  /// Per pair of channels: their weights, and the two delay elements of each section
  /// (transposed direct form II), one channel per lane.
  private var pairs: [(weights: SIMD2<Double>, shelf: (SIMD2<Double>, SIMD2<Double>), highPass: (SIMD2<Double>, SIMD2<Double>))]

  init(sampleRate: Int, channelCount: Int) {
    weighting = KWeighting(sampleRate: sampleRate)
    self.channelCount = channelCount
    let weights = KWeighting.channelWeights(channelCount: channelCount)
    pairs = stride(from: 0, to: channelCount, by: 2).map { first in
      (SIMD2(weights[first], first + 1 < channelCount ? weights[first + 1] : 0), (.zero, .zero), (.zero, .zero))
    }
  }

  /// Filters the interleaved `samples` and returns the sum over them of each channel's squared
  /// output times its weight.
  mutating func add(_ samples: UnsafeBufferPointer<Float>) -> Double {
    let frames = samples.count / channelCount
    var energy = 0.0
    for pair in pairs.indices where pairs[pair].weights != .zero {
      energy += (pairs[pair].weights * filter(pair: pair, of: samples, frames: frames)).sum()
    }
    return energy
  }

  /// Runs one pair of channels through both sections, keeping the state in registers, and
  /// returns the sums of their squared outputs.
  ///
  /// Each section is transposed direct form II with its output folded into the first delay
  /// element's update, `d1 = ((b1 - a1·b0)·x + d2) - a1·d1`, added up in that order so the chain
  /// from one sample to the next is one multiply and one subtraction (the rest waits on nothing):
  /// the loop runs at the speed of that chain.
  private mutating func filter(pair: Int, of samples: UnsafeBufferPointer<Float>, frames: Int) -> SIMD2<Double> {
    let shelf = Folded(weighting.shelf)
    let highPass = Folded(weighting.highPass)
    var (shelf1, shelf2) = pairs[pair].shelf
    var (high1, high2) = pairs[pair].highPass
    var sum = SIMD2<Double>.zero
    let first = pair * 2
    let secondOffset = min(first + 1, channelCount - 1) - first
    var next = samples.baseAddress! + first
    for _ in 0..<frames {
      let x = SIMD2(Double(next[0]), Double(next[secondOffset]))
      next += channelCount
      let shelved = shelf.b0 * x + shelf1
      (shelf1, shelf2) = ((shelf.c1 * x + shelf2) - shelf.a1 * shelf1, shelf.c2 * x - shelf.a2 * shelf1)
      let y = highPass.b0 * shelved + high1
      (high1, high2) = ((highPass.c1 * shelved + high2) - highPass.a1 * high1, highPass.c2 * shelved - highPass.a2 * high1)
      sum += y * y
    }
    pairs[pair].shelf = (Self.flushed(shelf1), Self.flushed(shelf2))
    pairs[pair].highPass = (Self.flushed(high1), Self.flushed(high2))
    return sum
  }

  /// A section's coefficients for the folded update: `c1 = b1 - a1·b0`, `c2 = b2 - a2·b0`.
  private struct Folded {
    let b0, c1, c2, a1, a2: Double

    init(_ section: KWeighting.Biquad) {
      (b0, a1, a2) = (section.b0, section.a1, section.a2)
      c1 = section.b1 - section.a1 * section.b0
      c2 = section.b2 - section.a2 * section.b0
    }
  }

  /// A delay element with values too small to matter (under -600 dB) set to zero, so a long
  /// silence never leaves the filter computing with subnormal numbers, which are slow.
  private static func flushed(_ state: SIMD2<Double>) -> SIMD2<Double> {
    state.replacing(with: 0, where: state .< 1e-30 .& state .> -1e-30)
  }
}
