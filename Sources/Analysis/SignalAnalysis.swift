/// What the analysis pass measured in one signal: loudness (EBU R128), peaks and a level envelope.
public struct SignalAnalysis: Sendable, Equatable, Codable {
  /// The signal's sample rate, in Hz.
  public var sampleRate: Int
  /// The signal's length in frames.
  public var frameCount: Int64
  /// Integrated loudness in LUFS; nil when the signal is too quiet to gate (silence).
  public var integratedLUFS: Double?
  /// Loudness range in LU (EBU Tech 3342).
  public var loudnessRange: Double
  /// The highest sample of any channel, linear (1 = full scale).
  public var samplePeak: Double
  /// The highest true peak (16x oversampled, `TruePeakFilter.meter`) of any channel, linear.
  public var truePeak: Double
  /// The highest peak as the true-peak limiter judges it, linear: the higher of `truePeak` and
  /// the ffmpeg CLI's reading (`TruePeakFilter.libswresample`), up to 0.3 dB higher on content
  /// near Nyquist. What levelling checks against the ceiling.
  public var limiterPeak: Double
  /// Momentary loudness (400 ms blocks) every 100 ms, in LUFS: the gating blocks of BS.1770, so
  /// several signals' joint loudness (an album's) can be computed without decoding them again.
  public var momentary: LevelTrack
  /// Short-term loudness (3 s) every 100 ms, in LUFS.
  public var shortTerm: LevelTrack
  /// Per 10 ms window: the RMS of all channels and the highest sample, in dBFS.
  public var rms: LevelTrack
  /// Per 10 ms window: the highest sample of any channel, in dBFS.
  public var peak: LevelTrack
  /// Per 10 ms window: its K-weighted energy as a loudness, in LUFS, so a 400 ms window's
  /// loudness can be read anywhere to within 10 ms (automatic cue points); nil in analyses made
  /// before it was kept.
  public var loudness: LevelTrack?

  /// `samplePeak` in dBFS (-inf for silence).
  public var samplePeakDB: Double { decibels(samplePeak) }
  /// `truePeak` in dBTP (-inf for silence).
  public var truePeakDB: Double { decibels(truePeak) }
  /// The signal's length in seconds.
  public var seconds: Double { Double(frameCount) / Double(sampleRate) }

  /// Seconds before the first 10 ms window whose RMS reaches `threshold` dBFS (the whole signal
  /// when none does): room tone under the threshold is silence, however high its noise peaks.
  public func leadingSilence(below threshold: Double) -> Double {
    let first = rms.decibels.firstIndex { $0 >= threshold } ?? rms.count
    return min(seconds, Double(first) * rms.step)
  }

  /// Seconds after the last 10 ms window whose RMS reaches `threshold` dBFS.
  public func trailingSilence(below threshold: Double) -> Double {
    guard let last = rms.decibels.lastIndex(where: { $0 >= threshold }) else { return seconds }
    return max(0, seconds - Double(last + 1) * rms.step)
  }
}
