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
}
