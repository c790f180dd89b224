import AudioTestSupport
import CEbur128
import Testing

@testable import Analysis

/// The programme meter (own K-weighting) measures what libebur128 measures with every sample
/// through its own filter and no histogram: integrated loudness and loudness range within 1e-4 LU,
/// whatever the rate, the channels and the block sizes. (Its true peak is `PeakScan`'s, more
/// accurate than libebur128's: `PeakScanTests`, `TruePeakReferenceTests`.)
@Suite struct ProgrammeMeterTests {
  /// Music-like signals that swell, fall silent and come back 9 dB louder (so both gates and the
  /// range have work), in mono, stereo and 5.1 (LFE left out, surrounds weighted), at rates whose
  /// 100 ms is a whole number of frames and 11,025 Hz whose is not.
  @Test(arguments: [(44_100, 2), (48_000, 6), (11_025, 2), (96_000, 2), (22_050, 1)])
  func agreesWithLibebur128(sampleRate: Int, channelCount: Int) throws {
    let samples = Self.signal(sampleRate: sampleRate, channelCount: channelCount)
    let meter = try #require(ProgrammeMeter(sampleRate: sampleRate, channelCount: channelCount))
    TestSignals.feedInUnevenBlocks(samples, channels: channelCount, to: meter.add)
    let measured = meter.finish()
    let reference = Self.libebur128(samples, sampleRate: sampleRate, channelCount: channelCount)
    let integrated = try #require(measured.integratedLUFS)
    #expect(abs(integrated - reference.integrated) <= 1e-4, "\(integrated) LUFS, libebur128 \(reference.integrated) LUFS")
    #expect(abs(measured.loudnessRange - reference.range) <= 1e-4, "\(measured.loudnessRange) LU, libebur128 \(reference.range) LU")
    #expect(measured.loudnessRange > 3, "the signal's range: \(measured.loudnessRange) LU")
  }

  /// Digital silence measures as silence, with no range and no peak.
  @Test func silence() throws {
    let meter = try #require(ProgrammeMeter(sampleRate: 44_100, channelCount: 2))
    [Float](repeating: 0, count: 44_100 * 2 * 3 + 314).withUnsafeBufferPointer { meter.add($0) }
    let silent = meter.finish()
    #expect(silent.integratedLUFS == nil && silent.loudnessRange == 0 && silent.truePeak == 0)
    #expect(silent.integratedLUFS(over: [0..<(44_100 * 3)]) == nil)
  }

  /// A span's loudness comes from the gating blocks inside it: the whole signal's is the
  /// integrated loudness, and the loud chord alone (from 7.3 s) measures louder.
  @Test func aSpansLoudnessIsItsOwnBlocks() throws {
    let samples = Self.signal(sampleRate: 48_000, channelCount: 2)
    let meter = try #require(ProgrammeMeter(sampleRate: 48_000, channelCount: 2))
    samples.withUnsafeBufferPointer { meter.add($0) }
    let measured = meter.finish()
    let whole = try #require(measured.integratedLUFS(over: [0..<Int64(samples.count / 2)]))
    #expect(abs(whole - (try #require(measured.integratedLUFS))) < 1e-9)
    let loud = try #require(measured.integratedLUFS(over: [350_400..<Int64(samples.count / 2)]))
    #expect(loud > whole + 1)
    #expect(measured.integratedLUFS(over: [1_000..<20_000]) == nil, "under one gating block")
    // Two spans are gated together: the quiet chord and the loud one make the whole but the gap.
    let both = try #require(measured.integratedLUFS(over: [0..<288_000, 350_400..<Int64(samples.count / 2)]))
    #expect(both > whole - 0.5 && both < loud)
  }

  /// 13.7 s: a swelling chord for 6 s, 1.3 s of silence, then the chord 9 dB louder.
  static func signal(sampleRate: Int, channelCount: Int) -> [Float] {
    let frames = sampleRate * 137 / 10
    var samples = [Float](repeating: 0, count: frames * channelCount)
    let quiet = TestSignals.music(sampleRate: sampleRate, channels: channelCount, frames: sampleRate * 6, seed: 3)
    let loud = TestSignals.music(sampleRate: sampleRate, channels: channelCount, frames: frames - sampleRate * 73 / 10, seed: 4)
    samples.replaceSubrange(0..<quiet.count, with: quiet.map { $0 * 0.35 })
    samples.replaceSubrange((samples.count - loud.count)..., with: loud)
    return samples
  }

  /// libebur128's integrated loudness and loudness range, without its histogram.
  private static func libebur128(_ samples: [Float], sampleRate: Int, channelCount: Int) -> (integrated: Double, range: Double) {
    let modes = EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue
    var state = ebur128_init(UInt32(channelCount), UInt(sampleRate), Int32(modes))
    defer { ebur128_destroy(&state) }
    if channelCount == 1 { ebur128_set_channel(state, 0, Int32(EBUR128_DUAL_MONO.rawValue)) }
    ebur128_add_frames_float(state, samples, samples.count / channelCount)
    var integrated = 0.0
    var range = 0.0
    ebur128_loudness_global(state, &integrated)
    ebur128_loudness_range(state, &range)
    return (integrated, range)
  }
}
