import ArgumentParser
import FFmpegAudio
import Playlists
import Rendering
import Settings

/// The command-line options that shape the output file.
struct OutputFormatOptions: ParsableArguments {
  @Option(help: "Output format when not the output's extension.")
  var format: OutputContainer?

  @Option(help: "Codec where the format offers a choice: aac or alac (m4a/m4b), vorbis or opus (ogg).")
  var codec: OutputCodec?

  @Option(help: "Bits per sample for WAV, FLAC and ALAC: 16 or 24 (WAV also 32, as float).")
  var bitDepth: Int?

  @Option(help: "Bit rate for lossy output, such as 320k or 128000 (MP3 is then constant bit rate).")
  var bitrate: String?

  @Option(help: "Variable-bit-rate quality: MP3 0 (best) to 9, Vorbis -1 to 10 (best).")
  var quality: Double?

  @Option(help: "FLAC compression level, 0 to 12.")
  var compressionLevel: Int?

  @Option(help: "Output sample rate in Hz (default: the tracks', as --format-from says).")
  var sampleRate: Int?

  @Option(help: "Output channel count (default: the tracks', as --format-from says).")
  var channels: Int?

  @Option(help: ArgumentHelp("Which tracks the rate and channels follow: most (of the playing time), first or highest (default: most).", valueName: "tracks"))
  var formatFrom: FormatSource?

  func validate() throws {
    do { try options().check() } catch let problem as SettingProblem { throw problem.usageError }
  }

  /// The options as the renderer takes them.
  func options() throws -> OutputOptions {
    OutputOptions(
      format: format, codec: codec, bitDepth: bitDepth, bitRate: try parsedBitRate(), quality: quality,
      compressionLevel: compressionLevel, sampleRate: sampleRate, channelCount: channels, formatFrom: formatFrom)
  }

  /// `320k` → 320000; `128000` → 128000.
  private func parsedBitRate() throws -> Int? {
    guard let bitrate else { return nil }
    let lower = bitrate.lowercased()
    let value = lower.hasSuffix("k") ? Double(lower.dropLast()).map { $0 * 1000 } : Double(lower)
    guard let value, value.isFinite, abs(value) < 1e12 else {
      throw ValidationError("--bitrate must be a rate such as 320k or 128000, got '\(bitrate)'")
    }
    return Int(value)
  }
}
