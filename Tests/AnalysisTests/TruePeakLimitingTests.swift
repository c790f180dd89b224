import Analysis
import AudioTestSupport
import Foundation
import Testing

/// True-peak limiting, judged by the ffmpeg CLI's `ebur128` and by libebur128.
@Suite struct TruePeakLimitingTests {
  static let sampleRate = 44100
  static let ceiling = pow(10, -1.0 / 20)
  /// Where the transients are: a click, a pair of equal samples (whose true peak lies between
  /// them), a 1.7 kHz burst in one channel, a negative click, a 4.1 kHz burst.
  static let transientFrames = [22_051, 61_337, 104_729, 150_011, 199_873]

  /// Music-like stereo with five transients whose true peaks are 8 dB over a -1 dBTP ceiling.
  static func signal(frames: Int) -> [Float] {
    var samples = TestSignals.music(sampleRate: sampleRate, channels: 2, frames: frames)
    let over = Float(ceiling * pow(10, 8.0 / 20))
    let at = transientFrames
    samples[at[0] * 2] = over
    samples[at[0] * 2 + 1] = over
    samples[at[1] * 2] = over / 1.2732
    samples[at[1] * 2 + 2] = over / 1.2732
    for (middle, frequency, channels, length) in [(at[2], 1700.0, [1], 41), (at[4], 4100.0, [0, 1], 53)] {
      for offset in 0..<length {
        let window = 0.5 * (1 - cos(2 * Double.pi * Double(offset) / Double(length - 1)))
        let phase = 2 * Double.pi * frequency * Double(offset - length / 2) / Double(sampleRate)
        for channel in channels { samples[(middle - length / 2 + offset) * 2 + channel] = Float(window * cos(phase)) * over }
      }
    }
    samples[at[3] * 2] = -over
    samples[at[3] * 2 + 1] = -over
    return samples
  }

  /// Five transients 8 dB over a -1 dBTP ceiling: afterwards both judges read at most -1.0 dBTP,
  /// the loudness drops by less than 0.5 LU (most of it the transients' own energy), every frame
  /// more than 100 ms from a transient is its input, bit for bit, and the activity reports five
  /// regions turned down by 8 dB plus the 0.1 dB margin, and 0.16 dB for the music under them and
  /// the bursts' peaks between samples, which a 4x meter under-reads.
  @Test func sparsePeaksEightDecibelsOverEndUnderTheCeiling() throws {
    let input = Self.signal(frames: 236_819)
    var limiter = PeakLimiter(sampleRate: Self.sampleRate, channelCount: 2, ceiling: Self.ceiling)
    let (output, _) = LimiterHarness.limit(input, with: &limiter, blockFrames: [1024, 331, 4096])

    let folder = TemporaryFolder()
    try TestSignals.writeWAV(input, sampleRate: Self.sampleRate, channels: 2, to: folder.file("in.wav"))
    try TestSignals.writeWAV(output, sampleRate: Self.sampleRate, channels: 2, to: folder.file("out.wav"))
    let judgedInput = try LoudnessJudge.measure(folder.file("in.wav"))
    let judgedOutput = try LoudnessJudge.measure(folder.file("out.wav"))
    #expect(judgedInput.truePeak >= 7.0)
    #expect(judgedOutput.truePeak <= -1.0)
    #expect(try TestSignals.analysis(output, sampleRate: Self.sampleRate, channels: 2).truePeakDB <= -1.0)
    #expect(judgedInput.integrated - judgedOutput.integrated < 0.5)

    let hundredMilliseconds = 4_410
    let changed = LimiterHarness.changedFrames(input, output, channels: 2)
    #expect(changed.allSatisfy { frame in Self.transientFrames.contains { abs($0 - frame) <= hundredMilliseconds } })
    #expect(limiter.activity.regions == 5)
    let span = try #require(limiter.activity.span)
    #expect(span.lowerBound >= Self.transientFrames[0] - hundredMilliseconds)
    #expect(span.upperBound <= Self.transientFrames[4] + hundredMilliseconds)
    #expect(abs(limiter.activity.deepestReductionDB - 8.26) < 0.05, "\(limiter.activity.deepestReductionDB) dB")
  }

  /// A quarter-rate sine at 45° (faded in and out over 5 ms) keeps every sample under a 0 dBTP
  /// ceiling, but its true peak is 2.92 dB over: sample-peak limiting leaves it alone; true-peak
  /// limiting brings it under, by 2.92 dB + 0.02 dB (the meter's ripple there) + the 0.1 dB margin.
  @Test(arguments: [1, 2])
  func interSamplePeaksAreCaughtOnlyInTruePeakMode(channels: Int) throws {
    let frames = 17_641
    let fade = 240
    let sine = (0..<(frames * channels)).map { index in
      let frame = index / channels
      let edge = min(1, Double(min(frame, frames - 1 - frame)) / Double(fade))
      return Float(edge * 0.99 * 2.0.squareRoot() * sin(Double.pi / 2 * Double(frame) + Double.pi / 4))
    }
    #expect(sine.allSatisfy { abs($0) <= 0.99 })

    var samplePeak = PeakLimiter(sampleRate: 48000, channelCount: channels, ceiling: 1, detection: .samplePeak)
    let (untouched, touched) = LimiterHarness.limit(sine, with: &samplePeak, blockFrames: [997])
    #expect(LimiterHarness.firstDifference(untouched, sine) == nil && !touched.contains(true))

    var truePeak = PeakLimiter(sampleRate: 48000, channelCount: channels, ceiling: 1, detection: .truePeak)
    let (limited, changed) = LimiterHarness.limit(sine, with: &truePeak, blockFrames: [997])
    #expect(!changed.contains(false))
    #expect(try TestSignals.analysis(limited, sampleRate: 48000, channels: channels).truePeakDB <= 0)
    #expect(abs(truePeak.activity.deepestReductionDB - 3.04) < 0.01, "\(truePeak.activity.deepestReductionDB) dB")
  }
}
