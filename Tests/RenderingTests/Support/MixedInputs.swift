import AudioTestSupport

/// Two 16-bit WAV inputs that differ in rate and channels: 44.1 kHz mono, then 48 kHz stereo.
struct MixedInputs {
  static let monoRate = 44_100
  static let stereoRate = 48_000
  /// A 440 Hz tone at half scale, 44_101 frames.
  let mono = Signal.sine(frequency: 440, sampleRate: monoRate, channels: 1, frames: 44_101, amplitude: 0.5)
  /// The usual test signal, 48_007 frames.
  let stereo = Fixture.music(sampleRate: stereoRate, frames: 48_007)
  let paths: [String]

  /// Writes both inputs into `folder`.
  init(in folder: TemporaryFolder) throws {
    paths = [
      try Fixture.write(mono, channels: 1, sampleRate: Self.monoRate, as: .wav16, in: folder, stem: "mono"),
      try Fixture.write(stereo, channels: 2, sampleRate: Self.stereoRate, as: .wav16, in: folder, stem: "stereo"),
    ]
  }

  /// Each input's length at `outputRate`, computed independently: `frames × out / in`, rounded.
  func clipLengths(at outputRate: Int) -> [Int64] {
    [(mono.count, Self.monoRate), (stereo.count / 2, Self.stereoRate)].map { frames, rate in
      Int64((Double(frames) * Double(outputRate) / Double(rate)).rounded())
    }
  }
}
