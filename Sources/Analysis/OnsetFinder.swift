import Foundation

/// Finds sharp attacks (drum hits) in a mono signal to under a millisecond: where the energy of a
/// short block jumps well above that of the blocks just before it.
///
/// Blocks are about 0.7 ms; the reference is the mean of the previous 23 ms, longer than half a
/// period of a 40 Hz bass tone, so a steady low note does not look like an attack. An attack must
/// also come within 13 dB of the loudest block of the last few seconds, so the flutter of a noise
/// pad between the hits is no attack. Attacks are 50 ms apart at least; one 6 dB stronger than the
/// attack just before it replaces that one (the flutter before a kick does not hide the kick).
/// Each attack's low band (under about 150 Hz) is measured too: a kick's is most of its energy, a
/// snare's or a plucked note's little.
public struct OnsetFinder: Sendable {
  /// One attack: where it starts, and how loud it gets in the 30 ms after (its accent).
  public struct Onset: Sendable, Equatable {
    /// Where the attack starts, in frames from the first sample added: the middle of its first block.
    public var frame: Double
    /// The energy (mean square, linear) of its loudest block in the 30 ms from its start.
    public var accent: Float
    /// The largest energy of a block's low band (`lowBandFrequency`) in the same 30 ms.
    public var lowEnergy: Float

    /// An attack at `frame` with accent `accent` and low-band energy `lowEnergy`.
    public init(frame: Double, accent: Float, lowEnergy: Float = 0) {
      self.frame = frame
      self.accent = accent
      self.lowEnergy = lowEnergy
    }

    /// The share of its energy in the low band, 0 to 1.
    public var lowShare: Float { min(1, lowEnergy / max(accent, .leastNormalMagnitude)) }
  }

  /// Where the low band measured for each attack ends, in Hz: a kick's fundamental is under it.
  public static let lowBandFrequency = 150.0

  /// The attacks found so far, in order.
  public private(set) var onsets: [Onset] = []
  private let blockFrames: Int
  private var blockSum: Float = 0
  private var blockLowSum: Float = 0
  /// Two one-pole low-pass filters in a row (12 dB an octave over `lowBandFrequency`): their
  /// coefficient and outputs.
  private let lowCoefficient: Float
  private var lowFirst: Float = 0
  private var lowSecond: Float = 0
  private var blockFill = 0
  private var blockIndex = 0
  /// The energies of the last `historyBlocks` blocks, as a ring, and their sum.
  private var history: [Float]
  private var historySum: Float = 0
  private let spacingBlocks: Int
  private let accentBlocks: Int
  private var lastOnsetBlock = Int.min / 2
  /// The energy of the last attack's first block.
  private var lastOnsetEnergy: Float = 0
  /// The loudest recent block energy, halving every second.
  private var loudest: Float = 0
  private let loudestFall: Float

  /// How far a block's energy must rise over the recent mean to be an attack: 6 dB.
  private static let rise: Float = 4
  /// The quietest block energy (mean square) an attack may reach: -70 dBFS.
  private static let minimumEnergy: Float = 1e-7
  /// How far under the loudest recent block an attack may peak: 13 dB.
  private static let belowLoudest: Float = 0.05

  /// A finder for a mono signal at `sampleRate` Hz, with no attacks found yet.
  public init(sampleRate: Int) {
    blockFrames = max(1, sampleRate / 1378)
    let blocksPerSecond = Double(sampleRate) / Double(blockFrames)
    history = Array(repeating: 0, count: max(1, Int(0.023 * blocksPerSecond)))
    spacingBlocks = max(1, Int(0.05 * blocksPerSecond))
    accentBlocks = max(1, Int(0.03 * blocksPerSecond))
    loudestFall = Float(pow(0.5, 1 / blocksPerSecond))
    lowCoefficient = Float(1 - exp(-2 * Double.pi * Self.lowBandFrequency / Double(max(sampleRate, 1))))
  }

  /// Adds mono samples.
  public mutating func add(_ samples: UnsafeBufferPointer<Float>) {
    var index = 0
    while index < samples.count {
      let take = min(blockFrames - blockFill, samples.count - index)
      var (sum, lowSum) = (Float(0), Float(0))
      for sample in samples[index..<(index + take)] {
        sum += sample * sample
        lowFirst += lowCoefficient * (sample - lowFirst)
        lowSecond += lowCoefficient * (lowFirst - lowSecond)
        lowSum += lowSecond * lowSecond
      }
      blockSum += sum
      blockLowSum += lowSum
      blockFill += take
      index += take
      if blockFill == blockFrames { closeBlock() }
    }
  }

  private mutating func closeBlock() {
    let energy = blockSum / Float(blockFrames)
    let lowEnergy = blockLowSum / Float(blockFrames)
    let recentMean = historySum / Float(history.count)
    loudest = max(energy, loudest * loudestFall)
    if blockIndex - lastOnsetBlock < accentBlocks, let last = onsets.indices.last {
      onsets[last].accent = max(onsets[last].accent, energy)
      onsets[last].lowEnergy = max(onsets[last].lowEnergy, lowEnergy)
    }
    if energy >= Self.minimumEnergy, energy > Self.rise * recentMean, energy >= Self.belowLoudest * loudest {
      let onset = Onset(frame: (Double(blockIndex) + 0.5) * Double(blockFrames), accent: energy, lowEnergy: lowEnergy)
      if blockIndex - lastOnsetBlock >= spacingBlocks {
        onsets.append(onset)
        (lastOnsetBlock, lastOnsetEnergy) = (blockIndex, energy)
      } else if energy > Self.rise * lastOnsetEnergy, !onsets.isEmpty {
        // A much stronger attack just after a weak one (a flutter before the kick) replaces it.
        onsets[onsets.count - 1] = onset
        (lastOnsetBlock, lastOnsetEnergy) = (blockIndex, energy)
      }
    }
    let slot = blockIndex % history.count
    historySum += energy - history[slot]
    history[slot] = energy
    if slot == history.count - 1 { historySum = history.reduce(0, +) }  // no drift from rounding
    blockIndex += 1
    blockSum = 0
    blockLowSum = 0
    blockFill = 0
  }
}
