import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// `segue stretch`: exact lengths at tiny and large ratios, pitch kept or moved exactly by the
/// speed, clean varispeed, transients kept, and a video's length matched.
@Suite("Stretching")
struct StretchTests {
  static let rate = 44_100

  /// Left: a 1 kHz sine at half scale. Right: 10 ms noise bursts every `spacing` seconds over
  /// silence, from 0.5 s on. 32-bit float, so no quantization hides anything.
  static func signal(seconds: Double, spacing: Double) -> [Float] {
    var random = SeededRandom(seed: 17)
    let frames = Int(seconds * Double(rate))
    let onsets = Array(stride(from: Int(0.5 * Double(rate)), to: frames - rate, by: Int(spacing * Double(rate))))
    var samples = [Float](repeating: 0, count: frames * 2)
    for frame in 0..<frames { samples[frame * 2] = Float(0.5 * sin(2 * Double.pi * 1000 * Double(frame) / Double(rate))) }
    for onset in onsets {
      for frame in onset..<(onset + 441) { samples[frame * 2 + 1] = Float(0.5 * random.nextSigned()) }
    }
    return samples
  }

  /// Writes `samples` (stereo) as a float WAV, stretches it as `stretch` asks into another, and
  /// returns the output's samples.
  static func stretched(_ samples: [Float], _ stretch: StretchRequest, in folder: TemporaryFolder) throws -> (report: RenderReport, samples: [Float]) {
    let input = folder.file("in.wav"), output = folder.file("out.wav")
    try AudioFile.write(samples, layout: PCMLayout(sampleRate: rate, channelCount: 2), to: input, options: OutputOptions(bitDepth: 32))
    var request = RenderRequest(inputs: [InputSource(path: input)], outputPath: output, output: OutputOptions(bitDepth: 32), overwrite: true, verify: true)
    request.stretch = stretch
    request.cache = nil
    let report = try Renderer.render(request)
    return (report, try AudioFile.read(path: output).samples)
  }

  /// Where the right channel's last burst lies: the centre of its energy, in frames, over the
  /// 0.3 s around the last stretch over -40 dBFS after at least 0.1 s under it. (Rubber Band keeps
  /// a transient sharp rather than stretching it, so its centre, not its first frame, lands where
  /// the ratio says; the rubberband CLI's R3 places it the same way.)
  static func lastBurst(_ samples: [Float]) -> Double? {
    let right = (0..<(samples.count / 2)).map { Double(samples[$0 * 2 + 1]) }
    var quiet = 0, start: Int?
    for (frame, level) in right.enumerated() {
      if abs(level) > 0.01 && quiet >= rate / 10 { start = frame }
      quiet = abs(level) > 0.01 ? 0 : quiet + 1
    }
    guard let start else { return nil }
    let frames = max(0, start - rate / 10)..<min(right.count, start + rate / 5)
    let energy = frames.reduce(0.0) { $0 + right[$1] * right[$1] }
    return frames.reduce(0.0) { $0 + Double($1) * right[$1] * right[$1] } / energy
  }

  struct RatioCase: Sendable, CustomTestStringConvertible {
    var ratio: Double
    var method: StretchMethod
    var seconds: Double
    var testDescription: String { "\(method.rawValue) by \(ratio), \(seconds) s" }
  }

  static let ratioCases = [
    RatioCase(ratio: 0.9998691805, method: .varispeed, seconds: 600),
    RatioCase(ratio: 1.05, method: .preservePitch, seconds: 47.3),
    RatioCase(ratio: 0.8, method: .preservePitch, seconds: 47.3),
    RatioCase(ratio: 1.5, method: .preservePitch, seconds: 47.3),
  ]

  @Test(arguments: ratioCases)
  func lengthIsExactAndTheLastBurstLandsWhereTheRatioSays(_ ratioCase: RatioCase) throws {
    let folder = TemporaryFolder("segue-stretch")
    let samples = Self.signal(seconds: ratioCase.seconds, spacing: ratioCase.seconds > 100 ? 37.1 : 7.3)
    let (report, out) = try Self.stretched(samples, StretchRequest(target: .ratio(ratioCase.ratio)), in: folder)
    let frames = samples.count / 2
    #expect(report.plan.notes.contains { $0.contains("by \(ratioCase.method.rawValue) (auto:") }, "auto picked another method")
    #expect(out.count / 2 == Int((Double(frames) * ratioCase.ratio).rounded()), "\(out.count / 2) frames")
    let landed = try #require(Self.lastBurst(out))
    let expected = try #require(Self.lastBurst(samples)) * ratioCase.ratio
    #expect(abs(landed - expected) <= 44.1, "the last burst lies at \(landed), the ratio puts it at \(expected)")

    // Pitch: kept within 0.01 cent, or moved by exactly the speed; measured between two bursts.
    let left = (0..<(out.count / 2)).map { out[$0 * 2] }
    let window = left[(Self.rate)..<(left.count - Self.rate)]
    let actualRatio = Double(out.count / 2) / Double(frames)
    let expectedFrequency = ratioCase.method == .varispeed ? 1000 / actualRatio : 1000
    let measured = ToneMeasure.frequency(window, rate: Self.rate, near: expectedFrequency)
    #expect(abs(ToneMeasure.cents(measured, from: expectedFrequency)) < 0.01, "the sine measures \(measured) Hz, expected \(expectedFrequency)")
    if ratioCase.method == .varispeed {
      let residual = ToneMeasure.residualDB(window, rate: Self.rate, frequency: expectedFrequency)
      #expect(residual < -90, "besides the tone, \(residual) dBFS")
    }
  }

  /// Rubber Band keeps transients: a 2 Hz click train stretched keeps one onset per click.
  @Test(arguments: [1.5, 0.8])
  func clickTrainKeepsOneOnsetPerClick(_ ratio: Double) throws {
    let folder = TemporaryFolder("segue-stretch-clicks")
    let seconds = 10.3, clicks = 20
    var samples = [Float](repeating: 0, count: Int(seconds * Double(Self.rate)) * 2)
    for click in 0..<clicks {
      let at = Int((0.25 + 0.5 * Double(click)) * Double(Self.rate))
      for frame in at..<(at + 44) { samples[frame * 2] = 0.8; samples[frame * 2 + 1] = 0.8 }
    }
    let (_, out) = try Self.stretched(samples, StretchRequest(target: .ratio(ratio), method: .preservePitch), in: folder)
    // An onset: a frame over -30 dBFS after at least 0.1 s under it.
    let threshold: Float = 0.0316
    var onsets = 0, quiet = Self.rate
    for frame in 0..<(out.count / 2) {
      let level = max(abs(out[frame * 2]), abs(out[frame * 2 + 1]))
      if level > threshold && quiet >= Self.rate / 10 { onsets += 1 }
      quiet = level > threshold ? 0 : quiet + 1
    }
    #expect(onsets == clicks)
  }

  /// A video's duration, as ffprobe reads it, is matched to the sample; an offset adds silence first.
  @Test func matchesAVideosLength() throws {
    let folder = TemporaryFolder("segue-stretch-video")
    let video = folder.file("clip.mp4")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=12.36", "-c:v", "mpeg4", video])
    let probe = try FFmpegCLI.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=duration", "-of", "csv=p=0", video])
    let duration = try #require(Double(String(decoding: probe.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    let samples = Self.signal(seconds: 12.0, spacing: 3.1)
    let (_, out) = try Self.stretched(samples, StretchRequest(target: .matching(path: video), offsetSeconds: 0.25), in: folder)
    #expect(out.count / 2 == Int((duration * Double(Self.rate)).rounded()))
    #expect(out[0..<(Self.rate / 4 * 2)].allSatisfy { $0 == 0 }, "the offset's quarter second is not silence")
    #expect(out[(Self.rate / 4 * 2)..<(Self.rate / 2 * 2)].contains { $0 != 0 })
  }
}
