import AudioTestSupport
import Foundation
import Testing

@testable import Analysis

/// The interpolators' shape: unit DC gain per phase, their overshoot bounds, the meter's flat
/// passband, and scipy's `resample_poly` filter as the meter's taps.
@Suite struct TruePeakFilterTests {
  let filter = TruePeakFilter.meter

  /// The peak of each interval of a mono signal, with silence around it.
  static func intervalPeaks(_ samples: [Float], filter: TruePeakFilter) -> [Float] {
    let padded = [Float](repeating: 0, count: filter.reachBefore) + samples + [Float](repeating: 0, count: filter.reachAfter)
    var peaks = [Float](repeating: 0, count: samples.count)
    padded.withUnsafeBufferPointer { padded in
      peaks.withUnsafeMutableBufferPointer { filter.raiseIntervalPeaks(padded.baseAddress!, count: samples.count, into: $0.baseAddress!) }
    }
    return peaks
  }

  /// Each phase has a DC gain of 1, so a constant reads as itself, and the worst-case overshoot
  /// of each Kaiser-windowed sinc is the largest sum of its phases' |taps|: 2.242 for the meter
  /// and 2.352 for libswresample's (7 dB).
  @Test(arguments: [(TruePeakFilter.meter, 2.2423), (.libswresample, 2.3522)])
  func aConstantReadsAsItselfAndTheOvershootBoundIsTheTapsMagnitude(filter: TruePeakFilter, bound: Double) {
    let peaks = Self.intervalPeaks([Float](repeating: 0.5, count: 71), filter: filter)
    for peak in peaks[filter.tapsPerPhase..<(71 - filter.tapsPerPhase)] { #expect(abs(peak - 0.5) < 1e-6) }
    #expect(abs(filter.overshootBound - bound) < 0.0001, "\(filter.overshootBound)")
    for phase in 1..<filter.oversampling {
      let taps = filter.phase(phase)
      #expect(abs(taps.reduce(0, +) - 1) < 1e-6)
      #expect(Double(taps.reduce(0) { $0 + abs($1) }) <= filter.overshootBound + 1e-6)
    }
  }

  /// No interval of full-scale white noise peaks above the bound times the largest sample it reads.
  @Test(arguments: [TruePeakFilter.meter, .libswresample])
  func noIntervalExceedsTheBoundTimesTheSamplesItReads(filter: TruePeakFilter) {
    var random = SeededRandom(seed: 3)
    let noise = (0..<9_973).map { _ in Float(random.nextSigned()) }
    let peaks = Self.intervalPeaks(noise, filter: filter)
    for index in filter.reachBefore..<(noise.count - filter.reachAfter) {
      let reach = noise[(index - filter.reachBefore)...(index + filter.reachAfter)].map(abs).max()!
      #expect(Double(peaks[index]) <= filter.overshootBound * Double(reach) * (1 + 1e-6))
    }
  }

  /// libswresample's values lie within 0.11 times the largest sample they read of the meter's at
  /// the same points, so one bound on the meter's values bounds both (`PeakDetector`): on
  /// full-scale white noise, no interval's peak through it passes the meter's by more.
  @Test func theFFmpegFiltersValuesLieWithinTheirDistanceOfTheMeters() {
    let (meter, ffmpeg) = (TruePeakFilter.meter, TruePeakFilter.libswresample)
    let distance = meter.distance(to: ffmpeg)
    #expect(abs(distance - 0.110) < 0.001, "\(distance)")
    var random = SeededRandom(seed: 5)
    let noise = (0..<9_973).map { _ in Float(random.nextSigned()) }
    let (meterPeaks, ffmpegPeaks) = (Self.intervalPeaks(noise, filter: meter), Self.intervalPeaks(noise, filter: ffmpeg))
    var closest = Double.infinity
    for index in ffmpeg.reachBefore..<(noise.count - ffmpeg.reachAfter) {
      let reach = Double(noise[(index - ffmpeg.reachBefore)...(index + ffmpeg.reachAfter)].map(abs).max()!)
      let room = Double(meterPeaks[index]) + distance * reach - Double(ffmpegPeaks[index])
      #expect(room >= -1e-6, "interval \(index)")
      closest = min(closest, room)
    }
    #expect(closest < 0.1, "the bound is never approached: \(closest)")
  }

  /// The meter's taps are scipy's: `resample_poly`'s default filter at 16x (`firwin(321, 1/16,
  /// window=("kaiser", 5.0))`), each phase scaled to unit DC gain, within float rounding.
  @Test func theMetersTapsAreScipys() throws {
    guard let python = installedByBootstrap(ReferenceTruePeak.python, "Python with scipy") else { return }
    let script = """
      from scipy.signal import firwin
      h = firwin(321, 1 / 16, window=("kaiser", 5.0))
      for p in range(1, 16):
          taps = [h[160 - 16 * (9 - i) - p] for i in range(20)]
          print(" ".join(repr(t / sum(taps)) for t in taps))
      """
    let output = try FFmpegCLI.run(python, ["-c", script])
    let lines = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n")
    let scipy = lines.map { $0.split(separator: " ").compactMap { Float($0) } }
    #expect(scipy.count == 15, "\(output.stderr)")
    for (phase, taps) in scipy.enumerated() {
      #expect(zip(filter.phase(phase + 1), taps).allSatisfy { abs($0 - $1) < 1e-6 }, "phase \(phase + 1)")
    }
  }

  /// Sines of 45° phase at a quarter of the rate (every sample at 0.707 of the amplitude, the
  /// peak half-way between two) and at 1, 10 and 17 kHz read their amplitude within 0.02 dB, the
  /// ripple of scipy's filter (a 4x, 12-tap interpolator reads 0.04 dB low at a quarter of the
  /// rate, and droops from 10 kHz).
  @Test(arguments: [11_025.0, 1_000, 10_000, 17_000])
  func sinesReadTheirAmplitude(frequency: Double) {
    let sine = (0..<8_001).map { Float(0.6 * sin(2 * Double.pi * frequency / 44_100 * Double($0) + Double.pi / 4)) }
    let peak = Self.intervalPeaks(sine, filter: filter)[100..<7_900].max()!
    #expect(abs(decibels(Double(peak) / 0.6)) < 0.02, "\(frequency) Hz: \(decibels(Double(peak) / 0.6)) dB")
  }
}
