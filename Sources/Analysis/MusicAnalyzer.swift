/// The analyses that hear a signal's channels together, as their mean: its tempo and beat grid
/// (`BeatTracker`) and its key (`KeyDetector`), fed block by block from one mixdown.
public final class MusicAnalyzer {
  /// How many channels the interleaved samples given to `add` have.
  public let channelCount: Int
  private let beats: BeatTracker?
  private let key: KeyDetector?
  private var mono: [Float] = []

  /// An analyzer of interleaved float samples finding the tempo, the key or both; nil when
  /// neither is asked for, or for a rate or channel count they cannot take.
  public init?(sampleRate: Int, channelCount: Int, tempo: Bool, key: Bool) {
    guard channelCount > 0, tempo || key else { return nil }
    let beats = tempo ? BeatTracker(sampleRate: sampleRate) : nil
    let detector = key ? KeyDetector(sampleRate: sampleRate) : nil
    guard beats != nil || !tempo, detector != nil || !key else { return nil }
    self.channelCount = channelCount
    (self.beats, self.key) = (beats, detector)
  }

  /// Adds interleaved samples.
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
      beats?.add(heard)
      key?.add(heard)
    }
  }

  /// The tempo and key of everything added, each nil where it was not asked for.
  public func finish() -> (tempo: TempoAnalysis?, key: KeyAnalysis?) {
    (beats?.finish(), key?.finish())
  }
}
