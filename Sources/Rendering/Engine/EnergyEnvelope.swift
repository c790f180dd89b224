/// The energy of a signal heard from some timeline frame on, in blocks of a fixed number of
/// frames laid on the timeline's grid of them (block `k` holds frames `k * blockFrames` up to the
/// next), so two envelopes of the same timeline share their blocks.
struct EnergyEnvelope: Sendable {
  let blockFrames: Int
  /// The timeline block of `energies[0]`.
  let firstBlock: Int64
  /// Each block's mean energy over its frames and channels (frames not heard count as silence).
  private(set) var energies: [Float] = []
  private var pendingSum: Float = 0
  /// The timeline frame of the next sample heard.
  private var nextFrame: Int64

  init(blockFrames: Int, startingAt frame: Int64) {
    self.blockFrames = blockFrames
    firstBlock = frame / Int64(blockFrames)
    nextFrame = frame
  }

  /// Adds the next interleaved `samples` of `channels` channels.
  mutating func add(_ samples: UnsafeBufferPointer<Float>, channels: Int) {
    let scale = 1 / Float(blockFrames * channels)
    for frame in 0..<(samples.count / channels) {
      for channel in 0..<channels {
        let sample = samples[frame * channels + channel]
        pendingSum += sample * sample
      }
      nextFrame += 1
      if nextFrame % Int64(blockFrames) == 0 {
        energies.append(pendingSum * scale)
        pendingSum = 0
      }
    }
  }

  /// The hit within `reach` frames either side of timeline frame `frame`, where the loudest block
  /// there rises 6 dB over the quietest: the frame where the energy first comes within 6 dB of that
  /// loudest (between block centres, linearly), and the loudest energy. A kick's attack, timed in
  /// the full band; the hats of a straight beat fall half a beat away, outside a quarter beat.
  func hit(near frame: Double, reach: Double) -> (frame: Double, energy: Float)? {
    let block = { (frame: Double) in Int64((frame / Double(blockFrames)).rounded(.up)) }
    let window = block(frame - reach)..<block(frame + reach)
    let levels = window.map(energy(atBlock:))
    guard let loudest = levels.max(), let quietest = levels.min(), loudest > 0, loudest >= 4 * quietest,
      let index = levels.firstIndex(where: { $0 >= loudest / 4 })
    else { return nil }
    let centre = { (block: Double) in (block + 0.5) * Double(blockFrames) }
    let found = Double(window.lowerBound + Int64(index))
    guard index > 0 else { return (centre(found), loudest) }
    let before = levels[index - 1]
    return (centre(found - 1 + Double((loudest / 4 - before) / (levels[index] - before))), loudest)
  }

  /// The energy of timeline block `block`: silence where nothing was heard.
  private func energy(atBlock block: Int64) -> Float {
    let index = block - firstBlock
    return index >= 0 && index < Int64(energies.count) ? energies[Int(index)] : 0
  }
}
