import Analysis
import AudioTestSupport
import Foundation
import Testing

/// Signals synthesized for the Analysis tests, and the ways they reach the judges.
enum TestSignals {
  /// Hands interleaved `samples` of `channels` channels to `add` in blocks of uneven sizes (1,
  /// 8, 57, … frames, up to 9,973), as no decoder would: results must not depend on them.
  static func feedInUnevenBlocks(_ samples: [Float], channels: Int, to add: (UnsafeBufferPointer<Float>) -> Void) {
    samples.withUnsafeBufferPointer { all in
      var start = 0
      var size = 1
      while start < all.count {
        let end = min(all.count, start + size * channels)
        add(UnsafeBufferPointer(rebasing: all[start..<end]))
        start = end
        size = size * 7 % 9_973 + 1
      }
    }
  }

  /// A music-like signal: a chord of five partials under a slow swell, with low noise; its
  /// peaks stay under -3 dBFS, its energy mostly under 2 kHz.
  static func music(sampleRate: Int, channels: Int, frames: Int, seed: UInt64 = 11) -> [Float] {
    var random = SeededRandom(seed: seed)
    let partials: [(frequency: Double, amplitude: Double)] = [(110, 0.2), (220.5, 0.14), (331, 0.1), (441.7, 0.08), (1327, 0.04)]
    var samples = [Float](repeating: 0, count: frames * channels)
    for frame in 0..<frames {
      let time = Double(frame) / Double(sampleRate)
      let swell = 0.75 + 0.25 * sin(2 * Double.pi * 0.7 * time)
      for channel in 0..<channels {
        var value = 0.0
        for (index, partial) in partials.enumerated() {
          value += partial.amplitude * sin(2 * Double.pi * partial.frequency * time + Double(index + channel))
        }
        samples[frame * channels + channel] = Float(swell * value + 0.02 * random.nextSigned())
      }
    }
    return samples
  }

  /// The music 6 dB louder with a click every 17–43 ms, of random height up to 2.2 and random
  /// channel: peaks close enough together that attacks overlap and releases are interrupted.
  static func denseOvers(sampleRate: Int, channels: Int, frames: Int, seed: UInt64 = 5) -> [Float] {
    var samples = music(sampleRate: sampleRate, channels: channels, frames: frames, seed: seed).map { $0 * 2 }
    var random = SeededRandom(seed: seed)
    var frame = 101
    while frame < frames {
      let channel = Int((random.nextSigned() + 1) / 2 * Double(channels)) % channels
      samples[frame * channels + channel] = Float(1.6 + 0.6 * random.nextSigned())
      frame += sampleRate * (30 + Int(13 * random.nextSigned())) / 1000
    }
    return samples
  }

  /// Writes interleaved samples as a 32-bit float WAV file (levels over full scale kept).
  static func writeWAV(_ samples: [Float], sampleRate: Int, channels: Int, to path: String) throws {
    let raw = path + ".f32"
    try samples.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: raw))
    try FFmpegCLI.make(["-f", "f32le", "-ar", "\(sampleRate)", "-ac", "\(channels)", "-i", raw, "-c:a", "pcm_f32le", path])
    try FileManager.default.removeItem(atPath: raw)
  }

  /// libebur128's measurements of interleaved samples.
  static func analysis(_ samples: [Float], sampleRate: Int, channels: Int) throws -> SignalAnalysis {
    let analyzer = try #require(SignalAnalyzer(sampleRate: sampleRate, channelCount: channels))
    samples.withUnsafeBufferPointer { analyzer.add($0) }
    return analyzer.finish()
  }
}
