import Rendering
import Testing

/// An output format under test: a file extension, the options that pick its codec, and what to expect.
struct TestFormat: Sendable, CustomTestStringConvertible {
  /// A short label for test output, such as `flac24` or `mp3-vbr`.
  var name: String
  var fileExtension: String
  var options: OutputOptions
  /// True when the codec keeps every sample, so a round trip must be bit-exact.
  var isLossless: Bool
  /// The rate this format is tested at: 48 kHz for Opus (the only rate it decodes to), else 44.1 kHz.
  var sampleRate: Int = 44_100

  var testDescription: String { name }

  /// True where the ffmpeg CLI of FFmpeg 5.1 may decode past the true end: MP4 (end padding after
  /// the edit list) and Ogg Vorbis (not trimmed to the last granule when all of the audio fits in
  /// the first Ogg page). The container's declared length is the independent check there.
  var cliMayKeepPadding: Bool { fileExtension == "m4a" || options.codec == .vorbis }

  /// A file name for this format inside a test folder.
  func fileName(_ stem: String) -> String { "\(stem)-\(name).\(fileExtension)" }

  static let wav16 = TestFormat(name: "wav16", fileExtension: "wav", options: OutputOptions(bitDepth: 16), isLossless: true)
  static let wav24 = TestFormat(name: "wav24", fileExtension: "wav", options: OutputOptions(bitDepth: 24), isLossless: true)
  static let wavFloat = TestFormat(name: "wav32f", fileExtension: "wav", options: OutputOptions(bitDepth: 32), isLossless: true)
  static let flac16 = TestFormat(name: "flac16", fileExtension: "flac", options: OutputOptions(bitDepth: 16), isLossless: true)
  static let flac24 = TestFormat(name: "flac24", fileExtension: "flac", options: OutputOptions(bitDepth: 24), isLossless: true)
  static let alac = TestFormat(name: "m4a-alac", fileExtension: "m4a", options: OutputOptions(codec: .alac), isLossless: true)
  static let mp3 = TestFormat(name: "mp3-cbr", fileExtension: "mp3", options: OutputOptions(), isLossless: false)
  static let mp3VBR = TestFormat(name: "mp3-vbr", fileExtension: "mp3", options: OutputOptions(quality: 2), isLossless: false)
  static let aac = TestFormat(name: "m4a-aac", fileExtension: "m4a", options: OutputOptions(codec: .aac), isLossless: false)
  static let opus = TestFormat(
    name: "opus", fileExtension: "opus", options: OutputOptions(), isLossless: false, sampleRate: 48_000)
  static let vorbis = TestFormat(name: "ogg-vorbis", fileExtension: "ogg", options: OutputOptions(codec: .vorbis), isLossless: false)
  static let oggOpus = TestFormat(
    name: "ogg-opus", fileExtension: "ogg", options: OutputOptions(codec: .opus), isLossless: false, sampleRate: 48_000)

  /// Every output format the writer offers.
  static let all: [TestFormat] = [wav16, wav24, wavFloat, flac16, flac24, alac, mp3, mp3VBR, aac, opus, vorbis, oggOpus]
}
