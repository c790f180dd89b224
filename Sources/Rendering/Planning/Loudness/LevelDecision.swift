/// The loudness gain one track gets, and why: what was measured, the group it was levelled with,
/// and what its peaks needed.
public struct LevelDecision: Sendable, Equatable {
  /// The track's index among the render's inputs.
  public var input: Int
  /// The loudness of the part the mix plays, measured or read from tags, in LUFS; nil for silence.
  public var loudnessLUFS: Double?
  /// The true peak of the track before any gain, in dBTP (ReplayGain's sample peak when the
  /// gain came from tags); nil when unknown.
  public var truePeakDBTP: Double?
  /// The levelling gain, capped when the policy caps (the entry's own `gain` adds on top), in dB.
  public var gainDB: Double
  /// Gain added to a limited track so that it measures on target after limiting, in dB.
  public var makeUpDB: Double = 0
  /// What the gain was computed from ("track", "album 'Blue' (tracks 2-5)", "program", "its
  /// ReplayGain tags"), or why there is none ("loudness: off", "silent").
  public var basis: String
  /// Where `loudnessLUFS` was read, where it was not measured: "its ReplayGain tags".
  public var readFrom: String?
  /// What the track's peaks needed at its gain: `.fits` when they stay under the ceiling.
  public var peak: PeakOutcome = .fits

  /// What the track's peaks needed at its gain.
  public enum PeakOutcome: Sendable, Equatable {
    /// Under the ceiling: the gain is one constant throughout.
    case fits
    /// The true peak would reach `peakDBTP`, at or over the limiter's threshold: the limiter
    /// takes those peaks down.
    case limited(peakDBTP: Double)
    /// The gain was lowered by `byDB` so the peaks fit (`--peak-policy cap`).
    case capped(byDB: Double)
    /// The true peak reaches `peakDBTP`, over full scale, and nothing acts (`--peak-policy none`).
    case unguarded(peakDBTP: Double)
  }

  /// The whole loudness gain applied, make-up included, in dB.
  public var appliedDB: Double { gainDB + makeUpDB }
}
