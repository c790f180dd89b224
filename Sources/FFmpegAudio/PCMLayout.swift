/// The shape of interleaved 32-bit float PCM: a sample rate and a channel count.
public struct PCMLayout: Sendable, Hashable, CustomStringConvertible {
  /// Sample frames per second (Hz).
  public var sampleRate: Int
  /// Channels, so samples in each interleaved sample frame: 1 for mono, 2 for stereo.
  public var channelCount: Int

  /// The layout of float PCM at `sampleRate` Hz with `channelCount` channels.
  public init(sampleRate: Int, channelCount: Int) {
    self.sampleRate = sampleRate
    self.channelCount = channelCount
  }

  /// "44100 Hz, stereo", "48000 Hz, 6 channels".
  public var description: String {
    let channels =
      switch channelCount {
      case 1: "mono"
      case 2: "stereo"
      default: "\(channelCount) channels"
      }
    return "\(sampleRate) Hz, \(channels)"
  }
}
