/// The codecs Segue writes, and what each means in FFmpeg's terms: its encoder, its quality scale,
/// its limits and the settings Segue starts it with.
///
/// The rest of Segue speaks of `mp3` and `opus`; only this file knows `libmp3lame` and `libopus`.
public enum OutputCodec: String, Sendable, CaseIterable {
  case pcm, flac, alac, mp3, aac, opus, vorbis

  /// FFmpeg's encoder; for PCM, the one for `bitDepth` (16 unless 24, or 32 for float).
  public func encoderName(bitDepth: Int?) -> String {
    switch self {
    case .pcm:
      switch bitDepth ?? 16 {
      case 24: "pcm_s24le"
      case 32: "pcm_f32le"
      default: "pcm_s16le"
      }
    case .mp3: "libmp3lame"
    case .opus: "libopus"
    case .vorbis: "libvorbis"
    case .flac, .alac, .aac: rawValue
    }
  }

  /// The codec's name in messages: `MP3`, `Opus`.
  public var displayName: String {
    switch self {
    case .opus: "Opus"
    case .vorbis: "Vorbis"
    default: rawValue.uppercased()
    }
  }

  /// True for codecs that keep every sample.
  public var isLossless: Bool { [.pcm, .flac, .alac].contains(self) }

  /// The bit depths the codec stores: 16, 24, and 32-bit float for PCM.
  public var bitDepths: [Int] { self == .pcm ? [16, 24, 32] : isLossless ? [16, 24] : [] }

  /// The encoder's variable-bit-rate quality scale (LAME's -V 0...9, Vorbis -q -1...10), if it has one.
  public var qualityRange: ClosedRange<Double>? {
    switch self {
    case .mp3: 0...9
    case .vorbis: -1...10
    default: nil
    }
  }

  /// The most channels the codec holds, when it has a limit Segue must respect.
  public var maximumChannels: Int? { self == .mp3 ? 2 : nil }

  /// The sample rates the encoder takes, or nil for any. Opus is always mixed at 48 kHz: it
  /// decodes at 48 kHz whatever it was encoded at.
  public func sampleRates(bitDepth: Int?) -> [Int]? {
    self == .opus ? [48_000] : AudioEncoder.supportedSampleRates(codecName: encoderName(bitDepth: bitDepth))
  }

  /// True when this FFmpeg build has the encoder.
  public func isAvailable(bitDepth: Int?) -> Bool { AudioFileWriter.hasEncoder(named: encoderName(bitDepth: bitDepth)) }

  /// Settings for this codec: the user's quality choices, and Segue's defaults where the encoder's
  /// own would be too low (or, for AAC, unsafe) for music.
  public func settings(
    layout: PCMLayout, bitDepth: Int?, bitRate: Int?, vbrQuality: Double?, compressionLevel: Int?
  ) -> EncoderSettings {
    var settings = EncoderSettings(
      codecName: encoderName(bitDepth: bitDepth), layout: layout, bitDepth: bitDepth, bitRate: bitRate, vbrQuality: vbrQuality,
      compressionLevel: compressionLevel)
    // FFmpeg 5.1's default AAC coder (twoloop) garbles steady tones at high bit rates; the fast
    // coder does not, and is the default in later FFmpeg releases.
    if self == .aac { settings.privateOptions["aac_coder"] = "fast" }
    guard bitRate == nil && vbrQuality == nil else { return settings }
    switch self {
    case .mp3: settings.bitRate = 320_000
    case .aac: settings.bitRate = 256_000
    case .opus: settings.bitRate = 160_000
    case .vorbis: settings.vbrQuality = 6
    default: break
    }
    return settings
  }
}

/// The containers Segue writes, by the output's extension, with FFmpeg's muxer for each.
public enum OutputContainer: String, Sendable, CaseIterable {
  case wav, flac, mp3, m4a, m4b, mp4, opus, ogg

  /// FFmpeg's muxer: `ipod` for M4A and M4B (the iTunes flavour of MP4), else the extension's.
  public var muxerName: String {
    switch self {
    case .m4a, .m4b: "ipod"
    default: rawValue
    }
  }

  /// The codecs the container holds, the default first.
  public var codecs: [OutputCodec] {
    switch self {
    case .wav: [.pcm]
    case .flac: [.flac]
    case .mp3: [.mp3]
    case .m4a, .m4b, .mp4: [.aac, .alac]
    case .opus: [.opus]
    case .ogg: [.vorbis, .opus]
    }
  }
}
