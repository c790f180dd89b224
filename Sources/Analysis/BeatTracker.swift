/// Finds the tempo and beat grid of a signal block by block, as part of the analysis pass.
///
/// Aubio's beat tracker gives the tempo and where the beats roughly are (to its 23 ms hop);
/// `OnsetFinder` gives where the drum hits are, to under a millisecond; `BeatGridFit` fits one
/// grid to those hits over the whole signal.
public final class BeatTracker {
  public let sampleRate: Int
  public let channelCount: Int
  private let tempo: AubioTempo
  private var onsets: OnsetFinder
  private var mono: [Float] = []

  /// A tracker for interleaved float samples; nil for a rate or channel count it cannot take.
  public init?(sampleRate: Int, channelCount: Int) {
    guard channelCount > 0, let tempo = AubioTempo(sampleRate: sampleRate) else { return nil }
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.tempo = tempo
    onsets = OnsetFinder(sampleRate: sampleRate)
  }

  /// Adds interleaved samples; the channels are heard together, as their mean.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    let frames = samples.count / channelCount
    if mono.count < frames { mono = Array(repeating: 0, count: frames) }
    let scale = 1 / Float(channelCount)
    mono.withUnsafeMutableBufferPointer { mono in
      if channelCount == 2 {
        for frame in 0..<frames { mono[frame] = (samples[2 * frame] + samples[2 * frame + 1]) * scale }
      } else {
        for frame in 0..<frames {
          var sum: Float = 0
          for channel in 0..<channelCount { sum += samples[frame * channelCount + channel] }
          mono[frame] = sum * scale
        }
      }
      let heard = UnsafeBufferPointer(rebasing: mono[0..<frames])
      tempo.add(heard)
      onsets.add(heard)
    }
  }

  /// The tempo and grid of everything added.
  public func finish() -> TempoAnalysis {
    BeatGridFit(sampleRate: sampleRate, onsets: onsets.onsets, trackedBeats: tempo.beats).analysis()
  }
}
