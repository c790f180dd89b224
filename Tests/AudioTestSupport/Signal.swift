import Foundation

/// Synthesized test signals, as interleaved float samples.
public enum Signal {
  /// A sine of `frequency` Hz plus optional low noise, identical in every channel, quantized to
  /// 16-bit steps so that 16-bit files hold it exactly.
  public static func sine(
    frequency: Double = 997, sampleRate: Int, channels: Int, frames: Int, amplitude: Double = 0.5,
    noise: Double = 0, seed: UInt64 = 1
  ) -> [Float] {
    var random = SeededRandom(seed: seed)
    var samples = [Float](repeating: 0, count: frames * channels)
    for frame in 0..<frames {
      let phase = 2 * Double.pi * frequency * Double(frame) / Double(sampleRate)
      for channel in 0..<channels {
        let value = amplitude * sin(phase + Double(channel) * 0.5) + noise * random.nextSigned()
        samples[frame * channels + channel] = quantized16(value)
      }
    }
    return samples
  }

  /// Uncorrelated noise, quantized to 16-bit steps.
  public static func noise(channels: Int, frames: Int, amplitude: Double = 0.3, seed: UInt64 = 7) -> [Float] {
    var random = SeededRandom(seed: seed)
    return (0..<(frames * channels)).map { _ in quantized16(amplitude * random.nextSigned()) }
  }

  /// Rounds to the nearest 16-bit step.
  public static func quantized16(_ value: Double) -> Float {
    Float((value * 32768).rounded() / 32768)
  }
}

/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64): the same
/// seed gives the same numbers on every platform and in every build, so tests are repeatable.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// The next value in [-1, 1).
  public mutating func nextSigned() -> Double {
    Double(next() >> 11) / Double(1 << 52) - 1
  }
}
