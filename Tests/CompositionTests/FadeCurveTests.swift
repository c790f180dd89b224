import Composition
import Foundation
import Testing

/// Every fade curve starts at 0, ends at 1, never falls, and fades out as its mirror image.
@Suite struct FadeCurveTests {
  static let grid = (0...1000).map { Double($0) / 1000 }

  @Test(arguments: FadeCurve.allCases)
  func startsAtZeroAndEndsAtOne(_ curve: FadeCurve) {
    #expect(curve.fadeInGain(0) == 0)
    #expect(abs(curve.fadeInGain(1) - 1) < 1e-12)
    #expect(abs(curve.fadeOutGain(0) - 1) < 1e-12)
    #expect(curve.fadeOutGain(1) == 0)
  }

  @Test(arguments: FadeCurve.allCases)
  func neverFalls(_ curve: FadeCurve) {
    let gains = Self.grid.map(curve.fadeInGain)
    for (a, b) in zip(gains, gains.dropFirst()) { #expect(b >= a, "\(curve) falls from \(a) to \(b)") }
  }

  @Test(arguments: FadeCurve.allCases)
  func fadeOutMirrorsFadeIn(_ curve: FadeCurve) {
    for x in Self.grid { #expect(curve.fadeOutGain(x) == curve.fadeInGain(1 - x)) }
  }

  @Test func equalGainSumsToOneAndEqualPowerSumsPowerToOne() {
    for x in Self.grid {
      #expect(abs(FadeCurve.linear.fadeInGain(x) + FadeCurve.linear.fadeOutGain(x) - 1) < 1e-12)
      let a = FadeCurve.equalPower.fadeInGain(x)
      let b = FadeCurve.equalPower.fadeOutGain(x)
      #expect(abs(a * a + b * b - 1) < 1e-12)
    }
  }

  @Test func expIsLinearInDecibelsAndLogMirrorsIt() {
    // Over the upper part of the range the shift is negligible: 20 dB per third of the fade.
    let a = FadeCurve.exp.fadeInGain(2.0 / 3)
    let b = FadeCurve.exp.fadeInGain(1)
    #expect(abs(20 * log10(b / a) - 20) < 0.1)
    #expect(FadeCurve.exp.fadeInGain(0.5) < 0.5)
    #expect(FadeCurve.log.fadeInGain(0.5) > 0.5)
    #expect(abs(FadeCurve.log.fadeInGain(0.3) - (1 - FadeCurve.exp.fadeInGain(0.7))) < 1e-12)
  }

  @Test func namesMatchTheCommandLine() {
    #expect(FadeCurve.allCases.map(\.rawValue) == ["linear", "equal-power", "s-curve", "log", "exp"])
  }
}

/// Curves made for fading alone, used on both sides of a crossfade, are warned about with the
/// level they leave at the middle; the curves made for crossfades are not.
@Suite struct FullCrossfadeWarningTests {
  static func crossfade(_ out: FadeCurve, _ into: FadeCurve) -> Crossfade {
    Crossfade(outLength: 44_100, inLength: 44_100, outCurve: out, inCurve: into)
  }

  @Test func expAndLogOnBothSidesAreWarnedAbout() {
    #expect(
      TransitionPolicy.fullCrossfadeWarning(Self.crossfade(.exp, .exp))
        == "exp on both sides leaves a 27.3 dB hole at the middle of the crossfade; equal-power (or linear for the same material) keeps the level")
    #expect(TransitionPolicy.fullCrossfadeWarning(Self.crossfade(.log, .log))?.hasPrefix("log on both sides leaves a 2.7 dB bump") == true)
  }

  @Test(arguments: [(FadeCurve.equalPower, FadeCurve.equalPower), (.sCurve, .sCurve), (.linear, .linear), (.exp, .log), (.log, .exp)])
  func crossfadeCurvesAndComplementaryPairsAreNot(_ curves: (FadeCurve, FadeCurve)) {
    #expect(TransitionPolicy.fullCrossfadeWarning(Self.crossfade(curves.0, curves.1)) == nil)
  }
}
