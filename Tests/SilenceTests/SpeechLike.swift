import AudioTestSupport
import Foundation

/// A synthesized stand-in for speech, on the 16-bit grid: bursts of band-limited noise with soft
/// onsets, each ending in a tail that decays from -35 to -45 dBFS within 150 ms, separated by known
/// pauses, all over a noise floor whose peaks stay under -60 dBFS. The right channel is the left
/// at 0.7 with its own floor, so levels are read on both channels combined.
struct SpeechLike {
  static let sampleRate = 44_100
  static let channels = 2
  /// The bursts' peak level, the tails' start and end, and the floor's peak, in dBFS.
  static let burstPeakDB = -12.0
  static let tailStartDB = -35.0
  static let tailEndDB = -45.0
  static let floorPeakDB = -60.0
  static let onsetSeconds = 0.025
  static let tailSeconds = 0.15

  /// Interleaved stereo samples.
  let samples: [Float]
  /// Each burst from its onset's first frame to its tail's last, in frames.
  let bursts: [Range<Int>]

  var frameCount: Int { samples.count / Self.channels }

  /// `lead` seconds of floor, then a burst before each of `pauses` (seconds of floor after the
  /// burst's tail) and one more, then `trail` seconds of floor. Burst lengths vary with `seed`.
  init(lead: Double, pauses: [Double], trail: Double, seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let rate = Double(Self.sampleRate)
    var left: [Double] = []
    var bursts: [Range<Int>] = []
    func floor(_ seconds: Double) { left += [Double](repeating: 0, count: Int(seconds * rate)) }
    floor(lead)
    for pause in pauses.map(Optional.some) + [nil] {
      let body = Self.burst(seconds: 0.2 + 0.6 * (random.nextSigned() + 1) / 2, random: &random)
      bursts.append(left.count..<(left.count + body.count))
      left += body
      if let pause { floor(pause) }
    }
    floor(trail)
    var samples = [Float](repeating: 0, count: left.count * Self.channels)
    let floorPeak = pow(10, Self.floorPeakDB / 20)
    for frame in left.indices {
      let value = left[frame]
      samples[frame * 2] = Signal.quantized16(value + floorPeak * 0.9 * random.nextSigned())
      samples[frame * 2 + 1] = Signal.quantized16(0.7 * value + floorPeak * 0.9 * random.nextSigned())
    }
    self.samples = samples
    self.bursts = bursts
  }

  /// One burst: band-limited noise (a resonator around 900 Hz) under a raised-cosine onset, a body
  /// of `seconds`, a 20 ms fall to the tail and the tail's exponential decay.
  private static func burst(seconds: Double, random: inout SeededRandom) -> [Double] {
    let rate = Double(sampleRate)
    let onset = Int(onsetSeconds * rate), body = Int(seconds * rate), fall = Int(0.02 * rate), tail = Int(tailSeconds * rate)
    // A two-pole resonator: white noise in, a band around 900 Hz out, scaled to peak near 1.
    let radius = 0.97, angle = 2 * Double.pi * 900 / rate
    var (y1, y2) = (0.0, 0.0)
    var noise: [Double] = []
    for _ in 0..<(onset + body + fall + tail) {
      let y = random.nextSigned() + 2 * radius * cos(angle) * y1 - radius * radius * y2
      (y2, y1) = (y1, y)
      noise.append(y)
    }
    let scale = 1 / (noise.map(abs).max() ?? 1)
    let peak = pow(10, burstPeakDB / 20), tailStart = pow(10, tailStartDB / 20), tailEnd = pow(10, tailEndDB / 20)
    return noise.indices.map { index in
      let gain: Double
      switch index {
      case ..<onset: gain = peak * (1 - cos(Double.pi * Double(index) / Double(onset))) / 2
      case ..<(onset + body): gain = peak
      case ..<(onset + body + fall): gain = peak * pow(tailStart / peak, Double(index - onset - body) / Double(fall))
      default: gain = tailStart * pow(tailEnd / tailStart, Double(index - onset - body - fall) / Double(tail - 1))
      }
      return noise[index] * scale * gain
    }
  }

  /// The frames the silence rule counts as sound at `thresholdDB`, in order: in a 10 ms window
  /// (counted from the first frame) whose RMS over both channels reaches the threshold, each frame
  /// where either channel reaches it.
  static func loudFrames(_ samples: [Float], thresholdDB: Double) -> [Int] {
    let magnitude = Float(pow(10, thresholdDB / 20)), meanSquare = pow(10, thresholdDB / 10)
    let frames = samples.count / channels, window = sampleRate / 100
    var loud: [Int] = []
    for start in stride(from: 0, to: frames, by: window) {
      let range = start..<min(frames, start + window)
      let energy = range.reduce(0.0) { $0 + Double(samples[$1 * 2] * samples[$1 * 2]) + Double(samples[$1 * 2 + 1] * samples[$1 * 2 + 1]) }
      guard energy / Double(range.count * channels) >= meanSquare else { continue }
      loud += range.filter { max(abs(samples[$0 * 2]), abs(samples[$0 * 2 + 1])) >= magnitude }
    }
    return loud
  }

  /// The pauses between loud frames longer than `shortest` frames: from one past the last loud
  /// frame to the next loud frame.
  static func pauses(_ samples: [Float], thresholdDB: Double, longerThan shortest: Int) -> [Range<Int>] {
    let loud = loudFrames(samples, thresholdDB: thresholdDB)
    return zip(loud, loud.dropFirst()).compactMap { $1 - $0 - 1 > shortest ? ($0 + 1)..<$1 : nil }
  }
}
