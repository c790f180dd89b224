/// A signal's integrated loudness, loudness range and true peak, measured as it streams by at
/// little cost: how a render measures its output.
///
/// It measures what `SignalAnalyzer` measures with libebur128, but filters with `KWeighting` and
/// sums each 100 ms of energy once: libebur128 keeps its filter state in memory and sums every
/// 400 ms block again each 100 ms, which made it most of a levelled render's extra cost (1.5 s of
/// CPU per 24 minutes of stereo, against a render target of 10 %). Gating and loudness range
/// follow libebur128 (3 s short-term blocks every second), and the figures agree with its
/// unquantized ones to a ten-thousandth of a LU. The true peak is `PeakScan`'s: `TruePeakFilter.meter`
/// (16x, more accurate than libebur128's 4x), run only where the highest peak can be.
public final class ProgrammeMeter {
  private var weighting: KWeightedEnergy
  private let truePeak: PeakScan
  private let channelCount: Int
  /// Frames in 100 ms, rounded as libebur128 rounds them.
  private let stepFrames: Int
  private var framesToStep: Int
  private var stepEnergy = 0.0
  /// The mean K-weighted energy (channel weights applied) of each whole 100 ms so far.
  private var stepEnergies: [Double] = []

  /// A meter for interleaved float samples; nil for a rate or channel count libebur128 refuses.
  public init?(sampleRate: Int, channelCount: Int) {
    guard let truePeak = PeakScan(sampleRate: sampleRate, channelCount: channelCount) else { return nil }
    self.truePeak = truePeak
    self.channelCount = channelCount
    weighting = KWeightedEnergy(sampleRate: sampleRate, channelCount: channelCount)
    stepFrames = max(1, (sampleRate + 5) / 10)
    framesToStep = stepFrames
  }

  /// Adds interleaved samples.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    truePeak.add(samples)
    let total = samples.count / channelCount
    var offset = 0
    while offset < total {
      let count = min(framesToStep, total - offset)
      stepEnergy += weighting.add(UnsafeBufferPointer(rebasing: samples[(offset * channelCount)..<((offset + count) * channelCount)]))
      offset += count
      framesToStep -= count
      if framesToStep == 0 {
        stepEnergies.append(stepEnergy / Double(stepFrames))
        stepEnergy = 0
        framesToStep = stepFrames
      }
    }
  }

  /// The measurements of everything added.
  public func finish() -> ProgrammeLoudness {
    let gated = GatedLoudness.programme(stepEnergies: stepEnergies)
    return ProgrammeLoudness(
      integratedLUFS: gated.integrated, loudnessRange: gated.range, truePeak: truePeak.finish(), stepEnergies: stepEnergies,
      stepFrames: stepFrames)
  }
}

/// What a `ProgrammeMeter` measured.
public struct ProgrammeLoudness: Sendable, Equatable {
  /// Integrated loudness in LUFS; nil when the signal is too quiet to gate (silence).
  public var integratedLUFS: Double?
  /// Loudness range in LU (EBU Tech 3342).
  public var loudnessRange: Double
  /// The highest true peak (16x oversampled, `TruePeakFilter.meter`) of any channel, linear.
  public var truePeak: Double
  /// The mean K-weighted energy of each whole 100 ms step, and how many frames a step holds.
  public var stepEnergies: [Double]
  /// Frames in each step of `stepEnergies`: 100 ms at the signal's rate, rounded.
  public var stepFrames: Int

  /// `truePeak` in dBTP (-inf for silence).
  public var truePeakDB: Double { decibels(truePeak) }

  /// The integrated loudness of the frames in `spans` (counted from the first frame measured), gated
  /// together over the 400 ms blocks that lie wholly inside one of them; nil when none does or they
  /// are silence.
  public func integratedLUFS(over spans: [Range<Int64>]) -> Double? {
    let blocks = spans.flatMap { span -> [Double] in
      let first = Int((span.lowerBound + Int64(stepFrames) - 1) / Int64(stepFrames))
      let end = min(stepEnergies.count, Int(span.upperBound / Int64(stepFrames)))
      guard end - first >= 4 else { return [] }
      return stride(from: first + 4, through: end, by: 1).map { last in
        SlidingLoudness.loudness(ofEnergy: stepEnergies[(last - 4)..<last].reduce(0, +) / 4)
      }
    }
    return blocks.isEmpty ? nil : GatedLoudness.integrated(blocks: blocks)
  }
}
