/// Measures a signal block by block: the whole analysis pass over one input, in one go.
///
/// Blocks may be any size; results do not depend on how the signal is split. Its two halves,
/// `loudness` and `levels`, may be fed the same blocks on two threads (each in order): the
/// loudness meter is the pass's heaviest part.
public final class SignalAnalyzer {
  /// The signal's sample rate, in Hz.
  public let sampleRate: Int
  /// How many channels the interleaved samples given to `add` have.
  public let channelCount: Int
  /// Integrated loudness, loudness range, and loudness over time.
  public let loudness: LoudnessTracks
  /// True and sample peak, and the 10 ms windows' RMS and peak.
  public let levels: LevelTracks

  /// An analyzer for interleaved float samples; nil without a rate or channels.
  public init?(sampleRate: Int, channelCount: Int) {
    guard let loudness = LoudnessTracks(sampleRate: sampleRate, channelCount: channelCount),
      let levels = LevelTracks(sampleRate: sampleRate, channelCount: channelCount)
    else { return nil }
    self.loudness = loudness
    self.levels = levels
    self.sampleRate = sampleRate
    self.channelCount = channelCount
  }

  /// Adds interleaved samples.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    loudness.add(samples)
    levels.add(samples)
  }

  /// The measurements of everything added, once both halves have heard it all.
  public func finish() -> SignalAnalysis {
    let (loudness, levels) = (loudness.finish(), levels.finish())
    return SignalAnalysis(
      sampleRate: sampleRate, frameCount: loudness.frameCount, integratedLUFS: loudness.integrated, loudnessRange: loudness.range,
      samplePeak: levels.samplePeak, truePeak: levels.truePeak, limiterPeak: levels.limiterPeak, momentary: loudness.momentary,
      shortTerm: loudness.shortTerm, rms: levels.rms, peak: levels.peak, loudness: loudness.windows)
  }
}

/// The loudness half of `SignalAnalyzer`: integrated loudness and range, momentary and short-term
/// loudness every 100 ms, and the loudness of each 10 ms window.
///
/// It filters with `KWeighting` and sums each sample's energy once, as `ProgrammeMeter` does (and
/// agrees with libebur128 as closely, without its histogram's 0.1 LU steps): libebur128 sums
/// every sample again for each 400 ms and 3 s block it is in, and was half of the pass's time.
public final class LoudnessTracks {
  private var weighting: KWeightedEnergy
  private let channelCount: Int
  private var recent = SlidingLoudness()
  private let stepFrames: Int
  private let windowFrames: Int
  private var framesToStep: Int
  private var framesToLoudnessWindow: Int
  private var stepEnergy = 0.0
  private var windowEnergy = 0.0
  private var frames: Int64 = 0
  /// The mean energy of each whole 100 ms step.
  private var stepEnergies: [Double] = []
  private var momentary: [Double] = []
  private var shortTerm: [Double] = []
  private var windowLoudness: [Double] = []

  init?(sampleRate: Int, channelCount: Int) {
    guard sampleRate > 0, channelCount > 0 else { return nil }
    weighting = KWeightedEnergy(sampleRate: sampleRate, channelCount: channelCount)
    self.channelCount = channelCount
    stepFrames = max(1, sampleRate / 10)
    windowFrames = max(1, sampleRate / 100)
    framesToStep = stepFrames
    framesToLoudnessWindow = windowFrames
  }

  /// Adds interleaved samples.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    var offset = 0
    let total = samples.count / channelCount
    while offset < total {
      let count = min(framesToStep, framesToLoudnessWindow, total - offset)
      let energy = weighting.add(UnsafeBufferPointer(rebasing: samples[(offset * channelCount)..<((offset + count) * channelCount)]))
      stepEnergy += energy
      windowEnergy += energy
      offset += count
      framesToStep -= count
      framesToLoudnessWindow -= count
      if framesToLoudnessWindow == 0 {
        windowLoudness.append(SlidingLoudness.loudness(ofEnergy: windowEnergy / Double(windowFrames)))
        windowEnergy = 0
        framesToLoudnessWindow = windowFrames
      }
      if framesToStep == 0 {
        stepEnergies.append(stepEnergy / Double(stepFrames))
        recent.append(stepEnergies.last!)
        momentary.append(recent.momentary)
        shortTerm.append(recent.shortTerm)
        stepEnergy = 0
        framesToStep = stepFrames
      }
    }
    frames += Int64(total)
  }

  /// What everything added measures.
  public func finish() -> (frameCount: Int64, integrated: Double?, range: Double, momentary: LevelTrack, shortTerm: LevelTrack, windows: LevelTrack) {
    let gated = GatedLoudness.programme(stepEnergies: stepEnergies)
    return (
      frames, gated.integrated, gated.range, LevelTrack(step: 0.1, decibels: momentary), LevelTrack(step: 0.1, decibels: shortTerm),
      LevelTrack(step: 0.01, decibels: windowLoudness)
    )
  }
}

/// The level half of `SignalAnalyzer`: the true and sample peaks, and each 10 ms window's RMS and
/// peak.
public final class LevelTracks {
  private let truePeak: PeakScan
  /// The peak as the ffmpeg CLI reads it, for `SignalAnalysis.limiterPeak`.
  private let ffmpegPeak: PeakScan
  private let channelCount: Int
  private let windowFrames: Int
  private var window = (frames: 0, sumOfSquares: 0.0, peak: Float(0))
  private var samplePeak: Float = 0
  private var rms: [Double] = []
  private var peaks: [Double] = []

  init?(sampleRate: Int, channelCount: Int) {
    guard let truePeak = PeakScan(sampleRate: sampleRate, channelCount: channelCount),
      let ffmpegPeak = PeakScan(sampleRate: sampleRate, channelCount: channelCount, filter: .libswresample)
    else { return nil }
    self.truePeak = truePeak
    self.ffmpegPeak = ffmpegPeak
    self.channelCount = channelCount
    windowFrames = max(1, sampleRate / 100)
  }

  /// Adds interleaved samples.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    truePeak.add(samples)
    ffmpegPeak.add(samples)
    var index = 0
    while index < samples.count {
      let take = min((windowFrames - window.frames) * channelCount, samples.count - index)
      for sample in samples[index..<(index + take)] {
        window.sumOfSquares += Double(sample) * Double(sample)
        window.peak = max(window.peak, abs(sample))
      }
      window.frames += take / channelCount
      index += take
      if window.frames == windowFrames { closeWindow() }
    }
  }

  private func closeWindow() {
    rms.append(decibels((window.sumOfSquares / Double(window.frames * channelCount)).squareRoot()))
    peaks.append(decibels(Double(window.peak)))
    samplePeak = max(samplePeak, window.peak)
    window = (0, 0, 0)
  }

  /// What everything added measures.
  public func finish() -> (samplePeak: Double, truePeak: Double, limiterPeak: Double, rms: LevelTrack, peak: LevelTrack) {
    if window.frames > 0 { closeWindow() }
    let truePeak = truePeak.finish()
    return (
      Double(samplePeak), truePeak, max(truePeak, ffmpegPeak.finish()), LevelTrack(step: 0.01, decibels: rms),
      LevelTrack(step: 0.01, decibels: peaks)
    )
  }
}
