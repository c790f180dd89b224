import AudioTestSupport
import Composition
import Foundation
import Playlists
import Rendering
import Testing

/// Crossfades mix exactly the gains their curves promise, and keep the level they promise.
@Suite struct CrossfadeShapeTests {
  /// Two constant clips, +0.5 then -0.25, crossfaded over `overlap` frames: every output sample is
  /// `0.5 · fadeOut(x) - 0.25 · fadeIn(x)` with x the frame's progress through the overlap.
  @Test(arguments: FadeCurve.allCases)
  func constantClipsGiveTheCurvesExactRamp(_ curve: FadeCurve) throws {
    let fixture = MixFixture()
    let (length, overlap) = (4000, 1600)
    let inputs = [
      try fixture.constant("a", value: 0.5, frames: length),
      try fixture.constant("b", value: -0.25, frames: length),
    ]
    let (report, samples) = try fixture.render(inputs, mix: MixOptions(crossfade: fixture.seconds(overlap), curve: .fixed(curve)))
    #expect(report.timeline.frameCount == Int64(2 * length - overlap))
    #expect(samples.count == 2 * length - overlap)
    let start = length - overlap
    var worst: Float = 0
    for frame in 0..<samples.count {
      let expected: Double =
        if frame < start { 0.5 } else if frame >= length { -0.25 } else {
          0.5 * curve.fadeOutGain(Double(frame - start) / Double(overlap))
            - 0.25 * curve.fadeInGain(Double(frame - start) / Double(overlap))
        }
      worst = max(worst, abs(samples[frame] - Float(expected)))
    }
    #expect(worst < 1e-6, "largest deviation \(worst)")
  }

  /// Equal power keeps the level of two unrelated noise tracks within 0.5 dB through the overlap.
  @Test func equalPowerKeepsTheLevelOfUncorrelatedNoise() throws {
    let fixture = MixFixture(sampleRate: 16_000)
    let (length, overlap) = (64_000, 32_000)
    let inputs = [
      try fixture.track("a", Signal.noise(channels: 1, frames: length, amplitude: 0.3, seed: 11)),
      try fixture.track("b", Signal.noise(channels: 1, frames: length, amplitude: 0.3, seed: 23)),
    ]
    let (_, samples) = try fixture.render(inputs, mix: MixOptions(crossfade: fixture.seconds(overlap), curve: .fixed(.equalPower)))
    let window = 1600  // 100 ms
    let steady = rmsDecibels(samples[0..<(length - overlap)])
    var worst = 0.0
    for start in stride(from: length - overlap, to: length - window, by: window) {
      worst = max(worst, abs(rmsDecibels(samples[start..<(start + window)]) - steady))
    }
    #expect(worst < 0.5, "level strays \(worst) dB from the steady \(steady) dB")
  }

  /// Equal gain crossfading a signal into a later part of itself, aligned, gives the signal back.
  @Test func equalGainKeepsCorrelatedMaterialConstant() throws {
    let fixture = MixFixture(sampleRate: 16_000)
    let signal = Signal.sine(frequency: 441, sampleRate: 16_000, channels: 1, frames: 48_000, amplitude: 0.6)
    let (cut, overlap) = (30_000, 8000)
    let inputs = [
      try fixture.track("a", Array(signal[0..<cut])),
      try fixture.track("b", Array(signal[(cut - overlap)...])),
    ]
    let (_, samples) = try fixture.render(inputs, mix: MixOptions(crossfade: fixture.seconds(overlap), curve: .fixed(.linear)))
    #expect(samples.count == signal.count)
    let worst = zip(samples, signal).map { abs($0 - $1) }.max() ?? 1
    #expect(worst < 1e-6, "the amplitude moved by \(worst)")
  }

  /// A 30-second fade comes out whole, sample by sample, never shortened by a buffer.
  @Test func longFadeComesOutWhole() throws {
    let fixture = MixFixture(sampleRate: 2000)
    let (length, fade) = (80_000, 60_000)  // 40 s tracks, a 30 s crossfade
    let inputs = [try fixture.constant("a", value: 0.5, frames: length), try fixture.constant("b", value: 0.5, frames: length)]
    let (report, samples) = try fixture.render(inputs, mix: MixOptions(crossfade: 30, curve: .fixed(.sCurve)))
    #expect(report.timeline.clips[1].start == Int64(length - fade))
    for frame in (length - fade)..<length {
      let x = Double(frame - (length - fade)) / Double(fade)
      let expected = 0.5 * (FadeCurve.sCurve.fadeOutGain(x) + FadeCurve.sCurve.fadeInGain(x))
      #expect(abs(Double(samples[frame]) - expected) < 1e-6)
    }
  }

  private func rmsDecibels(_ samples: ArraySlice<Float>) -> Double {
    let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
    return 10 * log10(power)
  }
}
