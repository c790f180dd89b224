/// The codecs Segue writes, and what each means in FFmpeg's terms: its encoder, its quality scale,
/// its limits and the settings Segue starts it with.
///
/// The rest of Segue speaks of `mp3` and `opus`; only this file knows `libmp3lame` and `libopus`.
public enum OutputCodec: String, Sendable, CaseIterable {
  /// Uncompressed little-endian PCM, for WAV: 16 or 24-bit integers, or 32-bit float.
  case pcm
  /// FLAC, lossless at 16 or 24 bits, with FFmpeg's own encoder; in `.flac` files.
  case flac
  /// Apple Lossless at 16 or 24 bits, with FFmpeg's own encoder; in MP4 files (`.m4a`, `.m4b`, `.mp4`).
  case alac
  /// MP3 (MPEG Layer III) through LAME (`libmp3lame`); mono or stereo only.
  case mp3
  /// AAC-LC with FFmpeg's own encoder, the default in MP4 files (`.m4a`, `.m4b`, `.mp4`).
  case aac
  /// Opus through `libopus`, always at 48 kHz; in `.opus` files, or `.ogg` when chosen.
  case opus
  /// Vorbis through `libvorbis`, the default in `.ogg` files.
  case vorbis

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

  /// The channel counts the codec holds, when it has a limit: MP3 1 or 2, and the counts the
  /// encoder lists layouts for (Opus and Vorbis up to 8, AAC's layouts); nil for any.
  public func channelCounts(bitDepth: Int?) -> Set<Int>? {
    switch self {
    case .mp3: [1, 2]
    case .opus, .vorbis: Set(Self.vorbisOrderLayouts.indices.map { $0 + 1 })
    default: AudioEncoder.supportedChannelCounts(codecName: encoderName(bitDepth: bitDepth))
    }
  }

  /// The layouts of the Vorbis channel order, which Opus and Vorbis use, for 1 to 8 channels:
  /// libopus refuses FFmpeg's usual 4-channel layout (4.0) and libvorbis mislabels it.
  static let vorbisOrderLayouts = ["mono", "stereo", "3.0", "quad", "5.0", "5.1", "6.1", "7.1"]

  /// FFmpeg's name for the layout to label `channelCount` channels with, where the codec's
  /// channel order differs from FFmpeg's usual layouts.
  func channelLayoutName(channelCount: Int) -> String? {
    guard self == .opus || self == .vorbis, Self.vorbisOrderLayouts.indices.contains(channelCount - 1) else { return nil }
    return Self.vorbisOrderLayouts[channelCount - 1]
  }

  /// The sample rates the encoder takes, or nil for any. Opus is always mixed at 48 kHz: it
  /// decodes at 48 kHz whatever it was encoded at.
  public func sampleRates(bitDepth: Int?) -> [Int]? {
    self == .opus ? [48_000] : AudioEncoder.supportedSampleRates(codecName: encoderName(bitDepth: bitDepth))
  }

  /// True when the encoder takes `rate`: from its own list where it has one, else by the limits
  /// measured on FFmpeg 5.1 (FLAC's frame header codes; libvorbis's modes stop at 200 kHz).
  public func accepts(sampleRate rate: Int, bitDepth: Int?) -> Bool {
    if let listed = sampleRates(bitDepth: bitDepth) { return listed.contains(rate) }
    return switch self {
    case .flac: rate <= 65_535 || (rate % 10 == 0 && rate < 655_350)
    case .vorbis: rate <= 200_000
    default: true
    }
  }

  /// The highest rate the encoder takes where it has a limit but no list, for messages.
  public var highestSampleRate: Int? {
    switch self {
    case .flac: 655_340
    case .vorbis: 200_000
    default: nil
    }
  }

  /// The highest bit rate the codec can reach at `sampleRate` with `channelCount` channels,
  /// where it is lower than asked bit rates could be: MPEG-1 Layer III (32-48 kHz) 320k, MPEG-2
  /// (16-24 kHz) 160k, MPEG-2.5 64k; FFmpeg's AAC encoder 6144 bits a channel in each frame of
  /// 1024 samples (264.6k for mono at 44.1 kHz), past which it lowers the rate with only a warning.
  public func highestBitRate(sampleRate: Int, channelCount: Int) -> Int? {
    switch self {
    case .mp3: sampleRate >= 32_000 ? 320_000 : sampleRate >= 16_000 ? 160_000 : 64_000
    case .aac: 6144 * channelCount * sampleRate / 1024
    default: nil
    }
  }

  /// What sets `highestBitRate`, for messages: "MPEG-2 Layer III", "FFmpeg's AAC encoder for mono".
  public func bitRateLimitName(sampleRate: Int, channelCount: Int) -> String {
    switch self {
    case .mp3: sampleRate >= 32_000 ? "MPEG-1 Layer III" : sampleRate >= 16_000 ? "MPEG-2 Layer III" : "MPEG-2.5 Layer III"
    default: "FFmpeg's \(displayName) encoder for \(channelCount == 1 ? "mono" : "\(channelCount) channels")"
    }
  }

  /// True when this FFmpeg build has the encoder.
  public func isAvailable(bitDepth: Int?) -> Bool { AudioFileWriter.hasEncoder(named: encoderName(bitDepth: bitDepth)) }

  /// Settings for this codec: the user's quality choices, and Segue's defaults where the encoder's
  /// own would be too low (or, for AAC, unsafe) for music.
  public func settings(
    layout: PCMLayout, bitDepth: Int?, bitRate: Int?, vbrQuality: Double?, compressionLevel: Int?, forSpeech: Bool = false
  ) -> EncoderSettings {
    var settings = EncoderSettings(
      codecName: encoderName(bitDepth: bitDepth), layout: layout, bitDepth: bitDepth, bitRate: bitRate, vbrQuality: vbrQuality,
      compressionLevel: compressionLevel)
    // FFmpeg 5.1's default AAC coder (twoloop) garbles steady tones at high bit rates; the fast
    // coder does not, and is the default in later FFmpeg releases.
    if self == .aac { settings.privateOptions["aac_coder"] = "fast" }
    settings.channelLayoutName = channelLayoutName(channelCount: layout.channelCount)
    guard bitRate == nil && vbrQuality == nil else { return settings }
    if self == .vorbis { settings.vbrQuality = 6 }
    settings.bitRate = defaultBitRate(layout: layout, forSpeech: forSpeech)
    return settings
  }

  /// Segue's default bit rate: transparent music rates, or rates sized for speech for audiobooks
  /// and mono output (`forSpeech`); nil where the codec takes a quality or is lossless.
  public func defaultBitRate(layout: PCMLayout, forSpeech: Bool) -> Int? {
    let mono = layout.channelCount == 1
    return switch self {
    case .mp3: min(forSpeech || mono ? 128_000 : 320_000, highestBitRate(sampleRate: layout.sampleRate, channelCount: layout.channelCount) ?? .max)
    case .aac: forSpeech || mono ? (mono ? 64_000 : 96_000) : 256_000
    case .opus: forSpeech || mono ? (mono ? 64_000 : 96_000) : 160_000
    default: nil
    }
  }
}

/// The containers Segue writes, by the output's extension, with FFmpeg's muxer for each.
public enum OutputContainer: String, Sendable, CaseIterable {
  /// `.wav`: RIFF WAVE holding PCM.
  case wav
  /// `.flac`: native FLAC.
  case flac
  /// `.mp3`: MP3 frames, with a LAME/Xing header when written in place.
  case mp3
  /// `.m4a`: iTunes-flavoured MP4 (FFmpeg's `ipod` muxer) holding AAC or ALAC.
  case m4a
  /// `.m4b`: an audiobook, written like `.m4a` but filed as one (media kind 2, genre "Audiobook"), at speech bit rates by default.
  case m4b
  /// `.mp4`: plain MP4 (FFmpeg's `mp4` muxer) holding AAC or ALAC.
  case mp4
  /// `.opus`: Ogg holding Opus.
  case opus
  /// `.ogg`: Ogg holding Vorbis by default, or Opus.
  case ogg

  /// FFmpeg's muxer: `ipod` for M4A and M4B (the iTunes flavour of MP4), else the extension's.
  public var muxerName: String {
    switch self {
    case .m4a, .m4b: "ipod"
    default: rawValue
    }
  }

  /// True when the container can be written without going back (to standard output): not MP4,
  /// whose index comes last.
  public var canStream: Bool { ![.m4a, .m4b, .mp4].contains(self) }

  /// What a streamed file lacks that a file written in place has, for the summary; nil if nothing.
  public var lostWhenStreamed: String? {
    switch self {
    case .wav: "the WAV header cannot state the length (players read to the end)"
    case .flac: "FLAC's STREAMINFO cannot state the length and MD5"
    case .mp3: "MP3 has no LAME/Xing header: players cannot trim the encoder delay and padding, so it is not gapless"
    default: nil
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
