import Testing

@testable import Containers

/// How the values are written down: as foobar2000, loudgain and rsgain write them.
struct ReplayGainValuesTests {
  @Test(arguments: [
    (-3.21, "-3.21 dB"), (2.5, "2.50 dB"), (-0.004, "0.00 dB"), (0.004, "0.00 dB"), (-12.345_01, "-12.35 dB"),
    (-0.0, "0.00 dB"),
  ])
  func gains(gain: Double, text: String) {
    #expect(ReplayGainValues.gainText(gain) == text)
  }

  @Test func peaks() {
    #expect(ReplayGainValues.peakText(0.987_654_32) == "0.987654")
    #expect(ReplayGainValues.peakText(1.2) == "1.200000")
    #expect(ReplayGainValues.peakText(0) == "0.000000")
  }

  /// Opus gains are relative to -23 LUFS, in 1/256 dB, and stay within 16 bits.
  @Test(arguments: [(-3.21, -2102), (5, 0), (0, -1280), (200, 32767), (-200, -32768)])
  func opusGains(gain: Double, steps: Int) {
    #expect(ReplayGainValues.opusGain(gain) == steps)
  }

  @Test func gainFromLoudness() {
    let measurement = ReplayGainValues.Measurement(loudness: -14.2, peak: 0.9)
    #expect(abs(measurement.gain - -3.8) < 1e-12)
  }

  @Test func fieldsHaveTheAlbumOnlyWhenGiven() {
    let track = ReplayGainValues(track: .init(gain: -1, peak: 0.5))
    #expect(track.fields.map(\.name) == ["REPLAYGAIN_TRACK_GAIN", "REPLAYGAIN_TRACK_PEAK"])
    #expect(track.opusFields.map(\.name) == ["R128_TRACK_GAIN"])
    var album = track
    album.album = .init(gain: -2, peak: 0.7)
    #expect(album.fields.map(\.value) == ["-1.00 dB", "0.500000", "-2.00 dB", "0.700000"])
    #expect(album.opusFields.map(\.value) == ["-1536", "-1792"])
  }
}
