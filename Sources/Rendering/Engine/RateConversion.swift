import FFmpegAudio

/// One rate the mix converts from, to its own, and how: a line of the render's summary.
public struct RateConversion: Sendable, Hashable, Encodable, CustomStringConvertible {
  /// The rate of one or more sources, which the mix converts from, in Hz.
  public var from: Int
  /// The mix's rate, in Hz, the sources are converted to.
  public var to: Int
  /// "SoX very high quality, 28-bit".
  public var method: String

  /// The conversions a mix at `mixRate` makes of sources at `sourceRates`: one per rate that
  /// differs from the mix's, lowest first.
  static func needed(sourceRates: [Int], mixRate: Int, quality: ResamplingQuality) -> [RateConversion] {
    Set(sourceRates).subtracting([mixRate]).sorted().map { RateConversion(from: $0, to: mixRate, method: quality.description) }
  }

  /// "48000 → 44100 Hz, SoX very high quality, 28-bit".
  public var description: String { "\(from) → \(to) Hz, \(method)" }
}
