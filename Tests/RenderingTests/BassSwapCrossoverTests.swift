import Composition
import Foundation
import Testing

@testable import Rendering

/// A clip's bass swap, played through its crossover: the clip passes whole outside the swap, the
/// two bands sum to it inside the span before the swap point, and after it only the high band is
/// heard; a play entered inside the swap, its filter warmed from where it starts, gives the frames
/// of the whole.
@Suite struct BassSwapCrossoverTests {
  static let rate = 44100
  /// A 4 s outgoing clip whose bass goes at 2 s, in a swap over its frames 1 s to 3 s.
  static let clip: Clip = {
    var clip = Clip(source: 0, start: 0, duration: Int64(4 * rate))
    clip.lowBandSwaps = [LowBandSwap(span: Int64(rate)..<Int64(3 * rate), at: Int64(2 * rate), from: 1, to: 0, sampleRate: rate)]
    return clip
  }()
  /// Stereo: a 50 Hz sine at 0.5 and a 3 kHz sine at 0.25, the right channel the left inverted.
  static let source: [Float] = (0..<(4 * rate)).flatMap { frame -> [Float] in
    let time = Double(frame) / Double(rate)
    let value = Float(0.5 * sin(2 * Double.pi * 50 * time) + 0.25 * sin(2 * Double.pi * 3000 * time))
    return [value, -value]
  }

  /// The source's frames from `start` on, mixed through a fresh crossover in blocks of 1000
  /// frames at a factor of 1 (after warming it from where `start(toPlayFrom:)` says).
  static func played(from start: Int = 0) -> [Float] {
    let crossover = BassSwapCrossover(clip: clip, channels: 2, sampleRate: rate)!
    var output = [Float](repeating: 0, count: source.count - 2 * start)
    source.withUnsafeBufferPointer { source in
      let warmFrom = Int(crossover.start(toPlayFrom: Int64(start)))
      crossover.warm(source.baseAddress! + 2 * warmFrom, frames: start - warmFrom, from: Int64(warmFrom))
      output.withUnsafeMutableBufferPointer { output in
        for first in stride(from: start, to: 4 * rate, by: 1000) {
          let count = min(1000, 4 * rate - first)
          crossover.mix(
            source.baseAddress! + 2 * first, frames: count, from: Int64(first), into: output.baseAddress! + 2 * (first - start), replacing: true,
            factor: { _ in 1 }, duck: { _ in 1 })
        }
      }
    }
    return output
  }

  /// The level, in dB, of `samples`' left channel at `frequency` over frames `range`: a DFT bin,
  /// the range holding whole cycles.
  static func level(_ samples: [Float], at frequency: Double, over range: Range<Int>) -> Double {
    var (re, im) = (0.0, 0.0)
    for frame in range {
      let phase = 2 * Double.pi * frequency * Double(frame) / Double(rate)
      re += Double(samples[2 * frame]) * cos(phase)
      im += Double(samples[2 * frame]) * sin(phase)
    }
    return 20 * log10(2 * (re * re + im * im).squareRoot() / Double(range.count))
  }

  @Test func aClipWithoutSwapsHasNoCrossover() {
    #expect(BassSwapCrossover(clip: Clip(source: 0, start: 0, duration: 100), channels: 2, sampleRate: Self.rate) == nil)
  }

  @Test func theClipPassesWholeOutsideTheSwapsFilteredFrames() {
    let output = Self.played()
    let filtered = Self.clip.lowBandSwaps[0].filtered(within: Self.clip.duration)
    #expect(Array(output[0..<(2 * Int(filtered.lowerBound))]) == Array(Self.source[0..<(2 * Int(filtered.lowerBound))]))
    #expect(Array(output[(2 * Int(filtered.upperBound))...]) == Array(Self.source[(2 * Int(filtered.upperBound))...]))
  }

  @Test func theBandsSumToTheClipBeforeTheSwapAndOnlyTheHighBandIsLeftAfterIt() {
    let output = Self.played()
    // 1.1 s to 1.9 s: both bands at 1; 2.1 s to 2.9 s: the low band at 0.
    let before = (Self.rate * 11 / 10)..<(Self.rate * 19 / 10)
    let after = (Self.rate * 21 / 10)..<(Self.rate * 29 / 10)
    for frequency in [50.0, 3000] {
      let level = Self.level(output, at: frequency, over: before) - Self.level(Self.source, at: frequency, over: before)
      #expect(abs(level) < 0.05, "\(frequency) Hz before the swap: \(level) dB")
    }
    let high = Self.level(output, at: 3000, over: after) - Self.level(Self.source, at: 3000, over: after)
    #expect(abs(high) < 0.05, "3 kHz after the swap: \(high) dB")
    let low = Self.level(output, at: 50, over: after) - Self.level(Self.source, at: 50, over: after)
    #expect(low < -40, "50 Hz after the swap: \(low) dB")
  }

  @Test(arguments: [Self.rate / 2, Self.rate * 19 / 20, Self.rate * 3 / 2, Self.rate * 2, Self.rate * 3])
  func playEnteredInsideTheSwapIsThoseFramesOfTheWhole(start: Int) {
    let filtered = Self.clip.lowBandSwaps[0].filtered(within: Self.clip.duration)
    let warmFrom = BassSwapCrossover(clip: Self.clip, channels: 2, sampleRate: Self.rate)!.start(toPlayFrom: Int64(start))
    #expect(warmFrom == (filtered.contains(Int64(start)) ? filtered.lowerBound : Int64(start)))
    #expect(Self.played(from: start) == Array(Self.played()[(2 * start)...]))
  }
}
