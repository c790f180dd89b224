import Analysis
import Foundation
import Testing

/// The bass swap's crossover: its bands sum to the signal's spectrum unchanged (an allpass), and
/// each keeps to its side of 200 Hz.
@Suite struct LowBandFilterTests {
  /// The RMS of a sine at `frequency` through the crossover: low band, high band and their sum,
  /// over the last second of two.
  static func levels(at frequency: Double) -> (low: Double, high: Double, sum: Double, input: Double) {
    let rate = 44100
    var filter = LowBandFilter(sampleRate: rate, channels: 2, frequency: 200)
    var sums = (low: 0.0, high: 0.0, sum: 0.0, input: 0.0)
    var frame = [Float](repeating: 0, count: 2)
    var bands = [Float](repeating: 0, count: 4)
    for index in 0..<(2 * rate) {
      let value = Float(0.5 * sin(2 * Double.pi * frequency * Double(index) / Double(rate)))
      frame[0] = value
      frame[1] = -value
      frame.withUnsafeBufferPointer { frame in
        bands.withUnsafeMutableBufferPointer { filter.split(frame.baseAddress!, low: $0.baseAddress!, high: $0.baseAddress! + 2) }
      }
      guard index >= rate else { continue }
      let (low, high) = (Double(bands[1]), Double(bands[3]))
      sums.low += low * low
      sums.high += high * high
      sums.sum += (low + high) * (low + high)
      sums.input += Double(frame[1]) * Double(frame[1])
    }
    return (sums.low, sums.high, sums.sum, sums.input)
  }

  @Test(arguments: [40.0, 97.0, 200.0, 411.0, 1000.0, 7919.0])
  func theBandsSumToTheSignalsSpectrum(frequency: Double) {
    let levels = Self.levels(at: frequency)
    #expect(abs(10 * log10(levels.sum / levels.input)) < 0.01, "the sum is \(10 * log10(levels.sum / levels.input)) dB at \(frequency) Hz")
    if frequency <= 50 { #expect(10 * log10(levels.high / levels.input) < -30) }
    if frequency >= 1000 { #expect(10 * log10(levels.low / levels.input) < -50) }
    if frequency == 200 {
      // At the crossover each band is 6 dB down.
      #expect(abs(10 * log10(levels.low / levels.input) + 6.02) < 0.1 && abs(10 * log10(levels.high / levels.input) + 6.02) < 0.1)
    }
  }
}
