import Foundation

/// How sharply a signal's energy rises at each block of its `EnergyEnvelope`: the onsets the beat
/// check times a track's beats by.
///
/// A block's strength is how many dB the energy, averaged over the last `meanBlocks` blocks, has
/// risen over the last `riseBlocks` (none where it fell): a kick, a strum or a chord's attack
/// rises there; a note's decay and a steady pad do not. The first blocks, before a whole mean and
/// rise have been heard, have none.
struct OnsetStrength: Sendable {
  let blockFrames: Int
  /// The timeline block of `strengths[0]`.
  let firstBlock: Int64
  let strengths: [Float]

  /// The blocks (about 10 ms) the energy is averaged over.
  static let meanBlocks = 10
  /// The blocks (about 5 ms) the rise is measured across.
  static let riseBlocks = 5

  init(_ envelope: EnergyEnvelope) {
    blockFrames = envelope.blockFrames
    firstBlock = envelope.firstBlock
    let energies = envelope.energies
    // Summed afresh for each block: a running sum would carry a loud passage's rounding into the quiet after it.
    let levels = energies.indices.map { index in
      let window = energies[max(0, index + 1 - Self.meanBlocks)...index]
      return Float(10 * log10(window.reduce(0.0) { $0 + Double($1) } / Double(Self.meanBlocks) + 1e-12))
    }
    let heard = Self.meanBlocks + Self.riseBlocks
    strengths = levels.indices.map { $0 >= heard ? max(0, levels[$0] - levels[$0 - Self.riseBlocks]) : 0 }
  }

  /// The timeline frame of the strongest onset within a quarter beat of `beat` (a frame; beats
  /// `period` frames apart), where it is at least `ratio` times as strong as the strongest
  /// between a quarter and three quarters of a beat after it; nil where it is not.
  func clearOnset(onBeat beat: Double, period: Double, ratio: Float) -> Double? {
    guard let on = strongest(in: (beat - period / 4)..<(beat + period / 4)),
      let off = strongest(in: (beat + period / 4)..<(beat + 3 * period / 4)),
      on.strength > 0, on.strength >= ratio * off.strength
    else { return nil }
    return (Double(on.block) + 0.5) * Double(blockFrames)
  }

  /// The strongest block whose centre lies in `frames`, and its strength; nil where no block heard does.
  private func strongest(in frames: Range<Double>) -> (block: Int64, strength: Float)? {
    let first = max(firstBlock, Int64((frames.lowerBound / Double(blockFrames) - 0.5).rounded(.up)))
    let end = min(firstBlock + Int64(strengths.count), Int64((frames.upperBound / Double(blockFrames) - 0.5).rounded(.up)))
    guard first < end else { return nil }
    let best = (first..<end).max { strengths[Int($0 - firstBlock)] < strengths[Int($1 - firstBlock)] }!
    return (best, strengths[Int(best - firstBlock)])
  }
}
