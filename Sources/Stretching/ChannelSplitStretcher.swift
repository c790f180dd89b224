import Dispatch

/// Stretches every channel with a `PitchKeepingStretcher` of its own, the channels on as many
/// cores at once: Rubber Band's R3 engine handles channels apart anyway (each channel's output is
/// what one stretcher of all of them gives), and runs one channel per thread.
///
/// Interleaved samples in and out, as `PitchKeepingStretcher`; a channel whose stretcher has
/// handed out more than another's waits in its own queue until the others catch up.
public final class ChannelSplitStretcher {
  private let stretchers: [PitchKeepingStretcher]
  /// Each channel's input block and its output not yet interleaved.
  private var inputs: [[Float]]
  private var outputs: [[Float]]
  private var output: [Float] = []

  /// A stretcher of `inputFrames` frames of `channels` channels at `sampleRate` into
  /// `outputFrames` frames through `keyFrames`, its pitch scaled by `pitchScale`, with or without `shortWindow` (as
  /// `PitchKeepingStretcher`'s); nil when Rubber Band refuses the job.
  public init?(
    sampleRate: Int, channels: Int, inputFrames: Int64, outputFrames: Int64, keyFrames: [PitchKeepingStretcher.KeyFrame] = [],
    shortWindow: Bool = false, pitchScale: Double = 1
  ) {
    var stretchers: [PitchKeepingStretcher] = []
    for _ in 0..<max(1, channels) {
      guard let stretcher = PitchKeepingStretcher(
          sampleRate: sampleRate, channels: 1, inputFrames: inputFrames, outputFrames: outputFrames, keyFrames: keyFrames,
          shortWindow: shortWindow, pitchScale: pitchScale)
      else { return nil }
      stretchers.append(stretcher)
    }
    self.stretchers = stretchers
    inputs = Array(repeating: [], count: stretchers.count)
    outputs = Array(repeating: [], count: stretchers.count)
  }

  /// Studies the next interleaved samples of the input.
  public func study(_ samples: UnsafeBufferPointer<Float>) {
    split(samples)
    for channel in stretchers.indices { inputs[channel].withUnsafeBufferPointer { stretchers[channel].study($0) } }
  }

  /// Processes the next interleaved samples of the input, the channels at once, and returns the
  /// interleaved output all channels have ready, valid until the next call.
  public func process(_ samples: UnsafeBufferPointer<Float>) -> ArraySlice<Float> {
    split(samples)
    let results = ChannelResults(count: stretchers.count)
    let (stretchers, inputs) = (self.stretchers, self.inputs)
    DispatchQueue.concurrentPerform(iterations: stretchers.count) { channel in
      let processed = inputs[channel].withUnsafeBufferPointer { Array(stretchers[channel].process($0)) }
      results.set(channel, processed)
    }
    for channel in outputs.indices { outputs[channel] += results.values[channel] }
    let ready = outputs.map(\.count).min() ?? 0
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity(ready * outputs.count)
    for frame in 0..<ready {
      for channel in outputs.indices { output.append(outputs[channel][frame]) }
    }
    for channel in outputs.indices { outputs[channel].removeFirst(ready) }
    return output[...]
  }

  /// Splits interleaved `samples` into the channels' input blocks.
  private func split(_ samples: UnsafeBufferPointer<Float>) {
    let channels = stretchers.count
    for channel in 0..<channels {
      inputs[channel] = stride(from: channel, to: samples.count, by: channels).map { samples[$0] }
    }
  }
}

/// One slot per channel for what its stretcher handed out, each written by one thread.
private final class ChannelResults: @unchecked Sendable {
  private(set) var values: [[Float]]
  init(count: Int) { values = Array(repeating: [], count: count) }
  func set(_ channel: Int, _ value: [Float]) { values[channel] = value }
}
