import FFmpegAudio
import Playlists
import Settings

/// What the user asked of the output file's format; whatever is nil follows the file's extension
/// and the inputs.
public struct OutputOptions: Sendable, Equatable {
  /// The container, when not the output's extension.
  public var format: OutputContainer?
  /// The codec where a container offers a choice: `aac` or `alac` in M4A, `vorbis` or `opus` in Ogg.
  public var codec: OutputCodec?
  /// 16 or 24 for WAV, FLAC and ALAC; 32 for 32-bit float WAV.
  public var bitDepth: Int?
  /// Bit rate in bits per second for lossy codecs (constant for MP3, target for AAC and Opus).
  public var bitRate: Int?
  /// Variable-bit-rate quality: LAME's `-V` 0 (best) to 9 for MP3, -1 to 10 (best) for Vorbis.
  public var quality: Double?
  /// FLAC's compression level, 0 to 12.
  public var compressionLevel: Int?
  /// The output's sample rate; the tracks' (`formatFrom`; or the nearest the codec takes) when nil.
  public var sampleRate: Int?
  /// The output's channel count; the tracks' (`formatFrom`) when nil.
  public var channelCount: Int?
  /// Which tracks the rate and channel count follow where those are nil; `most` when nil.
  public var formatFrom: FormatSource?

  /// Builds options from what the user asked of the format; by default, nothing: all follows the extension and inputs.
  public init(
    format: OutputContainer? = nil, codec: OutputCodec? = nil, bitDepth: Int? = nil, bitRate: Int? = nil,
    quality: Double? = nil, compressionLevel: Int? = nil, sampleRate: Int? = nil, channelCount: Int? = nil, formatFrom: FormatSource? = nil
  ) {
    self.format = format
    self.codec = codec
    self.bitDepth = bitDepth
    self.bitRate = bitRate
    self.quality = quality
    self.compressionLevel = compressionLevel
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.formatFrom = formatFrom
  }

  /// Refuses a value out of its range, or a bit rate and a quality together; what a codec takes
  /// of these is checked once the codec is known (`OutputFormat.resolve`).
  public func check() throws(SettingProblem) {
    if let bitDepth, ![16, 24, 32].contains(bitDepth) { throw .notOneOf(.bitDepth, value: "\(bitDepth)", choices: ["16", "24", "32"]) }
    let numbers: [(Setting, Int?)] = [(.sampleRate, sampleRate), (.channels, channelCount), (.compressionLevel, compressionLevel), (.bitRate, bitRate)]
    for case (let setting, let value?) in numbers { _ = try setting.check(Double(value)) }
    if bitRate != nil && quality != nil { throw .notBoth(.bitRate, .quality) }
  }
}
