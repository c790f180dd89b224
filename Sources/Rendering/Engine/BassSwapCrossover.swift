import Analysis
import Composition

/// Splits a clip into its low and high bands through its bass swaps, so the low band can follow
/// the swap's gain while the rest follows the clip's fade, and two kicks never sound together.
///
/// One per clip that has bass swaps (`Clip.lowBandSwaps`), fed the clip's frames in order: its
/// `LowBandFilter` starts fresh where each swap's filtered frames start (`LowBandSwap.filtered`)
/// and runs on through them; outside them the clip passes whole.
final class BassSwapCrossover {
  private let clip: Clip
  private let channels: Int
  private let sampleRate: Int
  /// The crossover of the swap being played, started fresh where each swap's filter starts.
  private var filter: LowBandFilter?
  /// One frame's low and high bands.
  private let bands: UnsafeMutablePointer<Float>

  /// The crossover of `clip`'s swaps, for `channels` interleaved channels at `sampleRate`; nil
  /// when the clip has none.
  init?(clip: Clip, channels: Int, sampleRate: Int) {
    guard !clip.lowBandSwaps.isEmpty else { return nil }
    self.clip = clip
    self.channels = channels
    self.sampleRate = sampleRate
    bands = .allocate(capacity: 2 * channels)
  }

  deinit { bands.deallocate() }

  /// Where the clip's frames must start to play it from clip frame `offset`: inside a swap's
  /// filtered frames, where they start (`warm` runs the filter from there), so the filter hears
  /// the swap from where it starts.
  func start(toPlayFrom offset: Int64) -> Int64 {
    clip.lowBandSwap(at: offset).map { min(offset, $0.filtered(within: clip.duration).lowerBound) } ?? offset
  }

  /// True when `range` (clip frames) overlaps a swap's filtered frames.
  func crosses(_ range: Range<Int64>) -> Bool {
    clip.lowBandSwaps.contains { $0.filtered(within: clip.duration).overlaps(range) }
  }

  /// Adds (or, with `replacing`, writes) `count` frames of `source`, the clip's frames from
  /// `start`, into `target`: inside a swap's span the low band at the swap's own factor
  /// (`Clip.lowBandVolume` times `duck`) and the high band at `factor`; at the span's edges the
  /// frame crossfading with the two bands; elsewhere all of it at `factor`. `factor` is the
  /// clip's factor at a clip frame, `duck` the ducks' gain there.
  func mix(
    _ source: UnsafePointer<Float>, frames count: Int, from start: Int64, into target: UnsafeMutablePointer<Float>, replacing: Bool,
    factor: (Int64) -> Double, duck: (Int64) -> Double
  ) {
    for index in 0..<count {
      let (frame, source, target) = (start + Int64(index), source + index * channels, target + index * channels)
      let factor = factor(frame)
      guard let swap = split(source, at: frame) else {
        target.mix(source, samples: channels, gain: Float(factor), replacing: replacing)
        continue
      }
      let share = Float(swap.splitShare(at: frame))
      let lowFactor = swap.span.contains(frame) ? Float(clip.lowBandVolume(at: frame, in: swap) * duck(frame)) : Float(factor)
      for channel in 0..<channels {
        let split = lowFactor * bands[channel] + Float(factor) * bands[channels + channel]
        let value = share * split + (1 - share) * Float(factor) * source[channel]
        if replacing { target[channel] = value } else { target[channel] += value }
      }
    }
  }

  /// Runs `count` frames of `source`, the clip's frames from `start`, through the filter and
  /// drops them: the start of a swap before where playing begins, so the filter hears the swap
  /// from where it starts.
  func warm(_ source: UnsafePointer<Float>, frames count: Int, from start: Int64) {
    for index in 0..<count { _ = split(source + index * channels, at: start + Int64(index)) }
  }

  /// Splits the frame `source` at clip frame `frame` into `bands` and returns its swap; nil
  /// (having done nothing) where no swap filters the frame.
  private func split(_ source: UnsafePointer<Float>, at frame: Int64) -> LowBandSwap? {
    guard let swap = clip.lowBandSwap(at: frame) else { return nil }
    if frame == swap.filtered(within: clip.duration).lowerBound || filter == nil {
      filter = LowBandFilter(sampleRate: sampleRate, channels: channels, frequency: LowBandSwap.crossover)
    }
    filter!.split(source, low: bands, high: bands + channels)
    return swap
  }
}
