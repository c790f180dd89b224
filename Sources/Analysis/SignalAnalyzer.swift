/// Measures a signal block by block: the whole analysis pass over one input, in one go.
///
/// Blocks may be any size; results do not depend on how the signal is split.
public final class SignalAnalyzer {
  public let sampleRate: Int
  public let channelCount: Int
  private let meter: LoudnessMeter
  private let truePeak: PeakScan
  private var recent = SlidingLoudness()
  private let stepFrames: Int
  private let windowFrames: Int
  private var framesToStep: Int
  private var framesToLoudnessWindow: Int
  private var frames: Int64 = 0
  private var momentary: [Double] = []
  private var shortTerm: [Double] = []
  private var window = (frames: 0, sumOfSquares: 0.0, peak: Float(0))
  private var rms: [Double] = []
  private var peaks: [Double] = []
  private var windowLoudness: [Double] = []

  /// An analyzer for interleaved float samples; nil for a rate or channel count libebur128 refuses.
  public init?(sampleRate: Int, channelCount: Int) {
    guard let meter = LoudnessMeter(sampleRate: sampleRate, channelCount: channelCount),
      let truePeak = PeakScan(sampleRate: sampleRate, channelCount: channelCount)
    else { return nil }
    self.meter = meter
    self.truePeak = truePeak
    self.sampleRate = sampleRate
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
      let piece = UnsafeBufferPointer(rebasing: samples[(offset * channelCount)..<((offset + count) * channelCount)])
      meter.add(piece)
      truePeak.add(piece)
      envelope(piece)
      offset += count
      framesToStep -= count
      framesToLoudnessWindow -= count
      if framesToLoudnessWindow == 0 {
        windowLoudness.append(SlidingLoudness.loudness(ofEnergy: meter.lastEnergy(milliseconds: 10)))
        framesToLoudnessWindow = windowFrames
      }
      if framesToStep == 0 {
        recent.append(meter.lastEnergy(milliseconds: 100))
        momentary.append(recent.momentary)
        shortTerm.append(recent.shortTerm)
        framesToStep = stepFrames
      }
    }
    frames += Int64(total)
  }

  /// The 10 ms windows' RMS and peak.
  private func envelope(_ samples: UnsafeBufferPointer<Float>) {
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
    window = (0, 0, 0)
  }

  /// The measurements of everything added.
  public func finish() -> SignalAnalysis {
    if window.frames > 0 { closeWindow() }
    let integrated = meter.integrated
    return SignalAnalysis(
      sampleRate: sampleRate, frameCount: frames, integratedLUFS: integrated.isFinite ? integrated : nil,
      loudnessRange: meter.range.isFinite ? meter.range : 0, samplePeak: meter.samplePeak, truePeak: truePeak.finish(),
      momentary: LevelTrack(step: 0.1, decibels: momentary), shortTerm: LevelTrack(step: 0.1, decibels: shortTerm),
      rms: LevelTrack(step: 0.01, decibels: rms), peak: LevelTrack(step: 0.01, decibels: peaks),
      loudness: LevelTrack(step: 0.01, decibels: windowLoudness))
  }
}
