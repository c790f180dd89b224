import Composition
import Testing

/// Seconds become the nearest frame, halves away from zero, and no number traps the conversion.
@Suite struct SampleFramesTests {
  @Test func nearestFrameHalvesAwayFromZero() {
    #expect(SampleFrames.count(inSeconds: 1.5, at: 44_100) == 66_150)
    #expect(SampleFrames.count(inSeconds: 0.5 / 44_100, at: 44_100) == 1)
    #expect(SampleFrames.count(inSeconds: -0.5 / 48_000, at: 48_000) == -1)
    #expect(SampleFrames.count(inSeconds: 2.000_01, at: 48_000) == 96_000)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude])
  func anyNumberGivesAFrameCountWithinTheLimit(_ seconds: Double) {
    let frames = SampleFrames.count(inSeconds: seconds, at: 192_000)
    #expect(abs(frames) <= SampleFrames.limit)
    #expect(seconds.isNaN ? frames == 0 : (frames > 0) == (seconds > 0))
  }
}
