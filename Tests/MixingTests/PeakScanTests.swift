import AudioTestSupport
import Foundation
import Testing

@testable import Analysis

/// The true peak measured only where it can be (`PeakScan`) equals the filter's peak over every
/// interval, silence around the signal, within 1e-4 dB, for the meter's filter and for
/// libswresample's; and the scan skips most of a dense signal (fewer than a fifth of its windows
/// interpolated in full).
@Suite struct PeakScanTests {
  /// Signals where the loudest true peak hides in different places: dense music-like noise, an
  /// inter-sample peak in a passage whose samples are well below the loudest sample (a 45°-shifted
  /// quarter-rate sine, and the interpolator's worst case: signs matching its taps), a crescendo
  /// (every window a new high), lone clicks (one in the last frame), a steady tone (every window
  /// at the peak); stereo and mono, at 8 to 192 kHz, added in blocks smaller and larger than a
  /// window, ending inside one and on an edge.
  @Test(arguments: [
    ("dense", 44_100, 2, TruePeakFilter.meter), ("quarter-rate sine under the loudest sample", 44_100, 2, .meter),
    ("worst case under the loudest sample", 44_100, 2, .meter), ("crescendo", 48_000, 2, .meter), ("clicks", 44_100, 1, .meter),
    ("dense", 8_000, 1, .meter), ("worst case under the loudest sample", 96_000, 2, .meter), ("dense", 192_000, 2, .meter),
    ("steady tone", 44_100, 2, .meter), ("dense", 44_100, 2, .libswresample), ("clicks", 48_000, 2, .libswresample),
  ])
  func equalsTheFullMeter(signal: String, sampleRate: Int, channelCount: Int, filter: TruePeakFilter) throws {
    let samples = Self.signal(signal, sampleRate: sampleRate, channelCount: channelCount)
    let scan = try #require(PeakScan(sampleRate: sampleRate, channelCount: channelCount, filter: filter))
    samples.withUnsafeBufferPointer { all in
      // Odd sizes, then whole numbers of windows, so that calls end inside a window and on a window's edge.
      let sizes = [3 * 1_024, 5 * 1_024, 2 * 1_024, 997, 10_007, 1, 4_099, 27]
      var (start, call) = (0, 0)
      while start < all.count {
        let end = min(all.count, start + sizes[call % sizes.count] * channelCount)
        scan.add(UnsafeBufferPointer(rebasing: all[start..<end]))
        (start, call) = (end, call + 1)
      }
    }
    let scanned = decibels(scan.finish())
    let full = decibels(Self.fullTruePeak(samples, channelCount: channelCount, filter: filter))
    let samplePeak = decibels(Double(samples.map(abs).max() ?? 0))
    #expect(abs(scanned - full) <= 1e-4, "\(signal): \(scanned) dBTP scanned, \(full) dBTP measured everywhere")
    if signal.contains("under the loudest sample") {
      let passage = samples[((sampleRate * 6 - sampleRate / 10) * channelCount)..<((sampleRate * 6 + sampleRate / 10) * channelCount)]
      let passagePeak = decibels(Double(passage.map(abs).max() ?? 0))
      #expect(passagePeak < samplePeak - 0.5 && full > samplePeak + 1, "\(signal): samples \(passagePeak) dBFS there, \(samplePeak) dBFS at most; true peak \(full) dBTP")
    }
    if signal == "dense", sampleRate == 44_100, filter.oversampling == TruePeakFilter.meter.oversampling {
      #expect(scan.measuredCount * 5 < scan.windowCount, "measured \(scan.measuredCount) of \(scan.windowCount) windows")
    }
  }

  /// The largest peak of any interval of any channel of `samples` through the filter, with
  /// silence before and after.
  private static func fullTruePeak(_ samples: [Float], channelCount: Int, filter: TruePeakFilter) -> Double {
    let frames = samples.count / channelCount
    let ringing = [Float](repeating: 0, count: filter.tapsPerPhase - 1)
    return (0..<channelCount).map { channel in
      let padded = ringing + stride(from: channel, to: samples.count, by: channelCount).map { samples[$0] } + ringing
      var peaks = [Float](repeating: 0, count: frames + filter.tapsPerPhase - 1)
      peaks.withUnsafeMutableBufferPointer { filter.raiseIntervalPeaks(padded, count: $0.count, into: $0.baseAddress!) }
      return Double(peaks.max() ?? 0)
    }.max() ?? 0
  }

  /// Ten seconds of interleaved `kind`; the passages under the loudest sample are around 6 s.
  private static func signal(_ kind: String, sampleRate: Int, channelCount: Int) -> [Float] {
    let frames = sampleRate * 10
    var random = SeededRandom(seed: 11)
    var smoothed = [Double](repeating: 0, count: channelCount)
    var samples = [Float](repeating: 0, count: frames * channelCount)
    // Low-passed noise under a slow tremolo and a tone, peaking near 0.5: a dense mix.
    for frame in 0..<frames {
      let time = Double(frame) / Double(sampleRate)
      let level = 0.6 + 0.4 * cos(2 * .pi * 0.3 * time)
      for channel in 0..<channelCount {
        smoothed[channel] = 0.7 * smoothed[channel] + 0.3 * random.nextSigned()
        let tone = 0.1 * sin(2 * .pi * (220 + 110 * Double(channel)) * time)
        samples[frame * channelCount + channel] = Float(level * (0.55 * smoothed[channel] + tone))
      }
    }
    let burst = sampleRate * 6
    switch kind {
    case "quarter-rate sine under the loudest sample":
      // Samples at ±0.6·sin(45°) = ±0.42, true peak near 0.6, where the bed falls quiet.
      for frame in (burst - sampleRate / 10)..<(burst + sampleRate / 10) {
        for channel in 0..<channelCount {
          let quiet = 0.05 * samples[frame * channelCount + channel]
          samples[frame * channelCount + channel] = quiet
            + (abs(frame - burst) < sampleRate / 50 ? Float(0.6 * sin(.pi / 2 * Double(frame) + .pi / 4)) : 0)
        }
      }
    case "worst case under the loudest sample":
      // ±0.35 with the signs of the meter's half-way phase's taps: that phase adds them all up, to 0.78.
      let meter = TruePeakFilter.meter
      let halfWay = meter.phase(meter.oversampling / 2)
      for frame in (burst - sampleRate / 10)..<(burst + sampleRate / 10) {
        // The half-way value after `burst` is Σ c[i]·x[burst - reachBefore + i].
        let tap = frame - burst + meter.reachBefore
        let pattern: Float = halfWay.indices.contains(tap + halfWay.startIndex) ? (halfWay[tap + halfWay.startIndex] < 0 ? -0.35 : 0.35) : 0
        for channel in 0..<channelCount {
          samples[frame * channelCount + channel] = 0.05 * samples[frame * channelCount + channel] + pattern
        }
      }
    case "crescendo":
      for index in samples.indices { samples[index] *= Float(index) / Float(samples.count) * 1.6 }
    case "steady tone":
      // Every window reaches the loudest peak: any window interpolated after the wrong frames shows.
      for index in samples.indices { samples[index] = Float(0.4 * sin(2 * .pi * 997 * Double(index / channelCount) / Double(sampleRate))) }
    case "clicks":
      for index in samples.indices { samples[index] *= 0.1 }
      for (number, frame) in stride(from: sampleRate / 3, to: frames, by: sampleRate * 7 / 10).enumerated() {
        samples[frame * channelCount] = number == 5 ? -0.8 : 0.6
      }
      samples[(frames - 1) * channelCount] = 0.7
    default: break
    }
    return samples
  }
}
