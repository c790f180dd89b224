import Analysis
import AudioTestSupport
import Foundation
import Testing

/// The true peak `analyze` and the render's meter report (`PeakScan` through `TruePeakFilter`)
/// agrees with scipy's 16x reference (`ReferenceTruePeak`) within 0.05 dB, on real music and on
/// the synthesized signals whose inter-sample peaks a short 4x interpolator under-reads by up to
/// 0.7 dB: full-band noise, aliased squares, hard clipping, a sweep near Nyquist, noise switched
/// on in one sample.
@Suite struct TruePeakReferenceTests {
  /// A signal's name, rate and channels.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var sampleRate = 44_100
    var channels = 2
    var testDescription: String { "\(name) at \(sampleRate) Hz, \(channels) ch" }
  }

  static let cases = [
    "music-like", "music with clicks", "white noise", "aliased squares", "clipped tones", "sweep to 21.5 kHz", "noise bursts",
  ].map { Case(name: $0) } + [
    Case(name: "music-like", sampleRate: 48_000), Case(name: "white noise", sampleRate: 96_000, channels: 1),
    Case(name: "real: Rock"), Case(name: "real: Castle"), Case(name: "real: EarthRise"), Case(name: "real: Brick, clipped 6 dB louder"),
  ]

  @Test(arguments: cases)
  func agreesWithTheReference(_ signal: Case) throws {
    guard let python = installedByBootstrap(ReferenceTruePeak.python, "Python with scipy") else { return }
    let folder = TemporaryFolder()
    let samples: [Float]
    if signal.name.hasPrefix("real: ") {
      guard installedByBootstrap(RealMusic.installed, "hedgewars-data's music") != nil else { return }
      let track = String(signal.name.dropFirst(6).prefix { $0 != "," })
      try RealMusic.excerpt(track, from: 60, seconds: 8, to: folder.file("excerpt.flac"))
      let decoded = try FFmpegCLI.decodeFloat(folder.file("excerpt.flac"))
      samples = signal.name.hasSuffix("louder") ? decoded.map { min(1, max(-1, $0 * 2)) } : decoded
    } else {
      samples = Self.synthesized(signal.name, sampleRate: signal.sampleRate, channels: signal.channels)
    }
    try TestSignals.writeWAV(samples, sampleRate: signal.sampleRate, channels: signal.channels, to: folder.file("signal.wav"))
    let reference = try ReferenceTruePeak.decibels(of: folder.file("signal.wav"), python: python)
    let measured = try TestSignals.analysis(samples, sampleRate: signal.sampleRate, channels: signal.channels).truePeakDB
    let samplePeak = decibels(Double(samples.map(abs).max() ?? 0))
    #expect(abs(measured - reference) <= 0.05, "\(measured) dBTP, the reference \(reference) dBTP, sample peak \(samplePeak) dBFS")
    print("true peak vs reference: \(signal.testDescription): \(measured - reference) dB (\(reference - samplePeak) dB over the sample peak)")
  }

  /// Five seconds of `name`, interleaved.
  static func synthesized(_ name: String, sampleRate: Int, channels: Int) -> [Float] {
    let frames = sampleRate * 5
    var random = SeededRandom(seed: 17)
    let time = { (index: Int) in Double(index / channels) / Double(sampleRate) }
    let gaussian = { (random: inout SeededRandom) in (0..<4).reduce(0.0) { sum, _ in sum + random.nextSigned() } / 2 }
    switch name {
    case "music-like":
      return TestSignals.music(sampleRate: sampleRate, channels: channels, frames: frames).map { $0 * 1.6 }
    case "music with clicks":
      return TestSignals.denseOvers(sampleRate: sampleRate, channels: channels, frames: frames)
    case "white noise":
      return (0..<(frames * channels)).map { _ in Float(0.25 * gaussian(&random)) }
    case "aliased squares":
      return (0..<(frames * channels)).map { index in
        Float(sin(2 * .pi * [441.0, 1250][index % channels] * time(index) + 0.1) < 0 ? -0.5 : 0.5)
      }
    case "clipped tones":
      return (0..<(frames * channels)).map { index in
        let t = time(index)
        let tones = 0.9 * sin(2 * .pi * 220 * t) + 0.5 * sin(2 * .pi * 1330 * t) + 0.3 * sin(2 * .pi * 5001 * t)
        return Float(min(0.6, max(-0.6, index % channels == 0 ? tones : -1.1 * tones)))
      }
    case "sweep to 21.5 kHz":
      return (0..<(frames * channels)).map { index in
        let t = time(index)
        return Float(0.5 * sin(2 * .pi * (15_000 * t + 6_500 * t * t / 10) + Double(index % channels)))
      }
    case "noise bursts":
      return (0..<(frames * channels)).map { index in
        time(index).truncatingRemainder(dividingBy: 0.37) < 0.12 ? Float(0.25 * gaussian(&random)) : 0
      }
    default:
      preconditionFailure("no signal named \(name)")
    }
  }
}
