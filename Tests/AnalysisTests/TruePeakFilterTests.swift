import Analysis
import AudioTestSupport
import Foundation
import Testing

/// The 4x interpolator reads true peaks as libebur128 does, and its overshoot bound holds.
@Suite struct TruePeakFilterTests {
  let filter = TruePeakFilter()

  /// The peak of each interval of a mono signal, with silence around it.
  func intervalPeaks(_ samples: [Float]) -> [Float] {
    let padded = [Float](repeating: 0, count: TruePeakFilter.reachBefore) + samples + [Float](repeating: 0, count: TruePeakFilter.reachAfter)
    var peaks = [Float](repeating: 0, count: samples.count)
    padded.withUnsafeBufferPointer { padded in
      peaks.withUnsafeMutableBufferPointer { filter.raiseIntervalPeaks(padded.baseAddress!, count: samples.count, into: $0.baseAddress!) }
    }
    return peaks
  }

  /// Each phase has a DC gain of 1, so a constant reads as itself, and the worst-case overshoot
  /// of the Hann-windowed sinc is 1.8625.
  @Test func aConstantReadsAsItselfAndTheOvershootBoundIsTheTapsMagnitude() {
    let peaks = intervalPeaks([Float](repeating: 0.5, count: 31))
    for peak in peaks[6..<25] { #expect(abs(peak - 0.5) < 1e-6) }
    #expect(abs(filter.overshootBound - 1.8625) < 0.0001, "\(filter.overshootBound)")
    for phase in 0..<3 {
      let taps = filter.taps[(phase * 12)..<((phase + 1) * 12)]
      #expect(abs(taps.reduce(0, +) - 1) < 1e-6)
      #expect(Double(taps.reduce(0) { $0 + abs($1) }) <= filter.overshootBound + 1e-6)
    }
  }

  /// No interval of full-scale white noise peaks above the bound times the largest sample it reads.
  @Test func noIntervalExceedsTheBoundTimesTheSamplesItReads() {
    var random = SeededRandom(seed: 3)
    let noise = (0..<9_973).map { _ in Float(random.nextSigned()) }
    let peaks = intervalPeaks(noise)
    for index in 5..<(noise.count - 6) {
      let reach = noise[(index - 5)...(index + 6)].map(abs).max()!
      #expect(Double(peaks[index]) <= filter.overshootBound * Double(reach) * (1 + 1e-6))
    }
  }

  /// A quarter-rate sine at 45° has every sample at 0.707 of its amplitude; the peak lies
  /// half-way between samples, and the filter finds it, 0.04 dB low: its passband ripple there.
  @Test func aQuarterRateSineAt45DegreesPeaksBetweenSamples() {
    let sine = (0..<4_001).map { Float(0.6 * sin(Double.pi / 2 * Double($0) + Double.pi / 4)) }
    #expect(sine.map(abs).max()! <= Float(0.6 * 0.7072))
    let peak = intervalPeaks(sine)[100..<3_900].max()!
    #expect(abs(decibels(Double(peak) / 0.6) + 0.04) < 0.005, "\(peak)")
  }

  /// On music with clicks the filter's highest peak is libebur128's true peak within 0.01 dB
  /// (libebur128's phases are not scaled to unit DC gain, which makes up the difference).
  @Test func theHighestPeakIsLibebur128sTruePeak() throws {
    var music = TestSignals.music(sampleRate: 44100, channels: 1, frames: 44_111)
    music[20_011] = 0.93
    music[20_012] = 0.91
    let analysis = try TestSignals.analysis(music, sampleRate: 44100, channels: 1)
    let peak = Double(intervalPeaks(music).max()!)
    #expect(abs(decibels(peak) - analysis.truePeakDB) < 0.01, "\(decibels(peak)) vs \(analysis.truePeakDB) dBTP")
  }
}
