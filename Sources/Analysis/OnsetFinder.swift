import Foundation

/// Finds sharp attacks (drum hits) in a mono signal to under a millisecond: where the energy of a
/// short block jumps well above that of the blocks just before it.
///
/// Blocks are about 0.7 ms; the reference is the mean of the previous 23 ms, longer than half a
/// period of a 40 Hz bass tone, so a steady low note does not look like an attack. An attack must
/// also come within 13 dB of the loudest block of the last few seconds, so the flutter of a noise
/// pad between the hits is no attack. Attacks are 50 ms apart at least; one 6 dB stronger than the
/// attack just before it replaces that one (the flutter before a kick does not hide the kick).
public struct OnsetFinder: Sendable {
  /// One attack: where it starts, and how loud it gets in the 30 ms after (its accent).
  public struct Onset: Sendable, Equatable {
    /// Where the attack starts, in frames from the first sample added: the middle of its first block.
    public var frame: Double
    /// The energy (mean square, linear) of its loudest block in the 30 ms from its start.
    public var accent: Float

    /// An attack at `frame` with accent `accent`.
    public init(frame: Double, accent: Float) {
      self.frame = frame
      self.accent = accent
    }
  }

  /// The attacks found so far, in order.
  public private(set) var onsets: [Onset] = []
  private let blockFrames: Int
  private var blockSum: Float = 0
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
  }

  /// Adds mono samples.
  public mutating func add(_ samples: UnsafeBufferPointer<Float>) {
    var index = 0
    while index < samples.count {
      let take = min(blockFrames - blockFill, samples.count - index)
      var sum: Float = 0
      for sample in samples[index..<(index + take)] { sum += sample * sample }
      blockSum += sum
      blockFill += take
      index += take
      if blockFill == blockFrames { closeBlock() }
    }
  }

  private mutating func closeBlock() {
    let energy = blockSum / Float(blockFrames)
    let recentMean = historySum / Float(history.count)
    loudest = max(energy, loudest * loudestFall)
    if blockIndex - lastOnsetBlock < accentBlocks, let last = onsets.indices.last {
      onsets[last].accent = max(onsets[last].accent, energy)
    }
    if energy >= Self.minimumEnergy, energy > Self.rise * recentMean, energy >= Self.belowLoudest * loudest {
      let onset = Onset(frame: (Double(blockIndex) + 0.5) * Double(blockFrames), accent: energy)
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
    blockFill = 0
  }
}
