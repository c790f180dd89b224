import Foundation

/// A signal's waveform in three frequency bands, as DJ software colours it: for each 10 ms window
/// of the channels' mean, the least and greatest sample below about 200 Hz, from 200 Hz to 2 kHz,
/// and above, each as a signed byte (full scale 127).
///
/// Kept in the facts cache beside the analysis, at a resolution a page can zoom into; an hour
/// takes 2.2 MB (as base64 in the cache's JSON, 2.9 MB).
public struct WaveformBands: Sendable, Equatable, Codable {
  /// Seconds each window covers.
  public var step: Double
  /// Per window: low minimum, low maximum, mid minimum, mid maximum, high minimum, high maximum.
  public var values: Data

  /// How many windows there are.
  public var count: Int { values.count / 6 }

  /// Window `index`'s six values, as full-scale fractions (-1 to 1).
  public func window(_ index: Int) -> [Double] {
    (0..<6).map { Double(Int8(bitPattern: values[index * 6 + $0])) / 127 }
  }
}

/// Gathers `WaveformBands` block by block: a second-order low-pass at 200 Hz and high-pass at
/// 2 kHz on the channels' mean, the middle band what is left between them. (Biquads of a few
/// lines: for a picture, no library is needed; the edges are approximate.)
public final class BandPeaksFinder {
  private let channelCount: Int
  private let sampleRate: Int
  private let windowFrames: Int
  private var low: Biquad
  private var high: Biquad
  private var framesInWindow = 0
  private var extremes = [Double](repeating: 0, count: 6)
  private var values = Data()

  /// A finder for interleaved float samples of `channelCount` channels at `sampleRate` Hz, in 10 ms windows.
  public init(sampleRate: Int, channelCount: Int) {
    self.channelCount = max(1, channelCount)
    self.sampleRate = max(1, sampleRate)
    windowFrames = max(1, sampleRate / 100)
    low = Biquad.lowPass(frequency: 200, sampleRate: Double(sampleRate))
    high = Biquad.highPass(frequency: 2000, sampleRate: Double(sampleRate))
    resetWindow()
  }

  /// Adds interleaved samples.
  public func add(_ samples: UnsafeBufferPointer<Float>) {
    let frames = samples.count / channelCount
    for frame in 0..<frames {
      var sum = 0.0
      for channel in 0..<channelCount { sum += Double(samples[frame * channelCount + channel]) }
      let mean = sum / Double(channelCount)
      let lowPart = low.filter(mean)
      let highPart = high.filter(mean)
      let midPart = mean - lowPart - highPart
      extremes[0] = min(extremes[0], lowPart)
      extremes[1] = max(extremes[1], lowPart)
      extremes[2] = min(extremes[2], midPart)
      extremes[3] = max(extremes[3], midPart)
      extremes[4] = min(extremes[4], highPart)
      extremes[5] = max(extremes[5], highPart)
      framesInWindow += 1
      if framesInWindow == windowFrames { closeWindow() }
    }
  }

  /// The bands of everything added.
  public func finish() -> WaveformBands {
    if framesInWindow > 0 { closeWindow() }
    return WaveformBands(step: Double(windowFrames) / Double(sampleRate), values: values)
  }

  private func closeWindow() {
    for value in extremes { values.append(UInt8(bitPattern: Int8((min(1, max(-1, value)) * 127).rounded()))) }
    resetWindow()
  }

  private func resetWindow() {
    framesInWindow = 0
    extremes = [1, -1, 1, -1, 1, -1]
  }
}

/// A second-order IIR filter section (RBJ's cookbook), direct form I.
struct Biquad {
  let b0, b1, b2, a1, a2: Double
  private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

  init(b0: Double, b1: Double, b2: Double, a0: Double, a1: Double, a2: Double) {
    (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0)
  }

  /// Butterworth (Q = 1/√2) low-pass at `frequency` Hz.
  static func lowPass(frequency: Double, sampleRate: Double) -> Biquad {
    let (cosine, alpha) = coefficients(frequency, sampleRate)
    return Biquad(b0: (1 - cosine) / 2, b1: 1 - cosine, b2: (1 - cosine) / 2, a0: 1 + alpha, a1: -2 * cosine, a2: 1 - alpha)
  }

  /// Butterworth (Q = 1/√2) high-pass at `frequency` Hz.
  static func highPass(frequency: Double, sampleRate: Double) -> Biquad {
    let (cosine, alpha) = coefficients(frequency, sampleRate)
    return Biquad(b0: (1 + cosine) / 2, b1: -(1 + cosine), b2: (1 + cosine) / 2, a0: 1 + alpha, a1: -2 * cosine, a2: 1 - alpha)
  }

  private static func coefficients(_ frequency: Double, _ sampleRate: Double) -> (cosine: Double, alpha: Double) {
    let omega = 2 * Double.pi * min(frequency, sampleRate * 0.45) / sampleRate
    // alpha = sin ω / 2Q, with Q = 1/√2.
    return (cos(omega), sin(omega) / 2.0.squareRoot())
  }

  mutating func filter(_ x: Double) -> Double {
    let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
    (x2, x1, y2, y1) = (x1, x, y1, y)
    return y
  }
}
