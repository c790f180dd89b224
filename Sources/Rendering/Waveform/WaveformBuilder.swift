/// Gathers decoded samples into waveform data, pixel by pixel: each channel's own minimum and
/// maximum, or those of the channels' mean.
struct WaveformBuilder {
  let samplesPerPixel: Int
  let inputChannels: Int
  let splitChannels: Bool
  private var outputChannels: Int { splitChannels ? inputChannels : 1 }
  private var values: [Int16] = []
  private var low: [Int32]
  private var high: [Int32]
  private var counted = 0

  init(samplesPerPixel: Int, inputChannels: Int, splitChannels: Bool) {
    (self.samplesPerPixel, self.inputChannels, self.splitChannels) = (samplesPerPixel, inputChannels, splitChannels)
    low = Array(repeating: Int32(Int16.max), count: splitChannels ? inputChannels : 1)
    high = Array(repeating: Int32(Int16.min), count: splitChannels ? inputChannels : 1)
  }

  /// A decoded sample as a 16-bit integer: times 32768, rounded, held within 16 bits (a 16-bit
  /// source's samples come back exactly).
  static func integer(_ sample: Float) -> Int32 {
    guard sample.isFinite else { return 0 }
    return Int32(min(32767, max(-32768, (sample * 32768).rounded())))
  }

  /// Takes interleaved frames of `inputChannels` channels.
  mutating func append(_ samples: UnsafeBufferPointer<Float>) {
    let frames = samples.count / inputChannels
    for frame in 0..<frames {
      let first = frame * inputChannels
      if splitChannels {
        for channel in 0..<inputChannels { include(Self.integer(samples[first + channel]), channel: channel) }
      } else {
        var sum: Int32 = 0
        for channel in 0..<inputChannels { sum += Self.integer(samples[first + channel]) }
        // Swift's division rounds toward zero, as audiowaveform's does.
        include(sum / Int32(inputChannels), channel: 0)
      }
      counted += 1
      if counted == samplesPerPixel { closePixel() }
    }
  }

  /// The data, the last pixel closed even when it covers fewer frames.
  mutating func finish(sampleRate: Int, bits: Int) -> WaveformData {
    if counted > 0 { closePixel() }
    return WaveformData(sampleRate: sampleRate, samplesPerPixel: samplesPerPixel, channelCount: outputChannels, bits: bits, values: values)
  }

  private mutating func include(_ sample: Int32, channel: Int) {
    low[channel] = min(low[channel], sample)
    high[channel] = max(high[channel], sample)
  }

  private mutating func closePixel() {
    for channel in 0..<outputChannels {
      values.append(Int16(low[channel]))
      values.append(Int16(high[channel]))
      low[channel] = Int32(Int16.max)
      high[channel] = Int32(Int16.min)
    }
    counted = 0
  }
}
