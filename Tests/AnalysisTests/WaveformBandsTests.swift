import Analysis
import AudioTestSupport
import Foundation
import Testing

/// The three bands the mix page colours a waveform by: a tone shows in its own band, and a
/// window holds the extremes of the samples it covers.
@Suite struct WaveformBandsTests {
  /// The largest value band `band` (0 low, 1 mid, 2 high) reaches over the middle of the signal.
  static func peak(_ bands: WaveformBands, band: Int) -> Double {
    let middle = (bands.count / 4)..<(3 * bands.count / 4)
    return middle.map { bands.window($0)[band * 2 + 1] }.max() ?? 0
  }

  @Test(arguments: [(60.0, 0), (800.0, 1), (6_000.0, 2)])
  func aToneShowsInItsBand(frequency: Double, band: Int) {
    let samples = Signal.sine(frequency: frequency, sampleRate: 44_100, channels: 2, frames: 44_117, amplitude: 0.5)
    let finder = BandPeaksFinder(sampleRate: 44_100, channelCount: 2)
    samples.withUnsafeBufferPointer { finder.add($0) }
    let bands = finder.finish()
    #expect(bands.count == 101, "44117 frames in windows of 441: 100 and a short last one")
    #expect(abs(bands.step - 0.01) < 1e-12)
    // The channels' mean of a sine 0.5 rad apart between channels is 0.5 × cos 0.25 ≈ 0.484; the
    // middle band, what the two filters leave, holds about 1.2 times it at 800 Hz (their phases).
    let own = Self.peak(bands, band: band)
    #expect(own > 0.35 && own < 0.65, "\(frequency) Hz in band \(band): \(own)")
    for other in 0..<3 where other != band {
      #expect(Self.peak(bands, band: other) < 0.25, "\(frequency) Hz leaks into band \(other): \(Self.peak(bands, band: other))")
    }
  }

  /// Windows do not depend on how the signal was split into blocks.
  @Test func blocksOfAnySizeGiveTheSameBands() {
    let samples = Signal.noise(channels: 2, frames: 30_011, amplitude: 0.4, seed: 5)
    let whole = BandPeaksFinder(sampleRate: 48_000, channelCount: 2)
    samples.withUnsafeBufferPointer { whole.add($0) }
    let pieces = BandPeaksFinder(sampleRate: 48_000, channelCount: 2)
    samples.withUnsafeBufferPointer { all in
      var start = 0
      for size in [1, 777, 4_096, 13, 99_999] where start < all.count {
        let end = min(all.count, start + size * 2)
        pieces.add(UnsafeBufferPointer(rebasing: all[start..<end]))
        start = end
      }
    }
    #expect(whole.finish() == pieces.finish())
  }
}
