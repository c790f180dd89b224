import AudioTestSupport
import Foundation

/// MP3 files for the tests, encoded by the ffmpeg CLI from synthesized sines, and the bytes that
/// tests append to them or write over them.
enum MP3TestFiles {
  /// One way of encoding: sample rate, channels and an odd number of samples.
  struct Encoding: Sendable, CustomStringConvertible {
    var sampleRate: Int
    var channels: Int
    var samples: Int64
    var samplesPerFrame: Int64
    var description: String { "\(sampleRate) Hz, \(channels) ch, \(samples) samples" }
  }

  /// MPEG-1 mono at 44.1 kHz (1152 samples a frame) and MPEG-2 stereo at 22.05 kHz (576).
  static let encodings = [
    Encoding(sampleRate: 44100, channels: 1, samples: 100_003, samplesPerFrame: 1152),
    Encoding(sampleRate: 22050, channels: 2, samples: 50_001, samplesPerFrame: 576),
  ]

  /// Encodes a 440 Hz sine of `encoding` with libmp3lame into `folder`; `extra` goes before the
  /// output path (such as `-write_xing 0`).
  static func make(_ encoding: Encoding, in folder: TemporaryFolder, name: String = "sine.mp3", extra: [String] = [])
    throws -> String
  {
    let path = folder.file(name)
    try FFmpegCLI.make(
      [
        "-f", "lavfi", "-i", "sine=f=440:d=3:sample_rate=\(encoding.sampleRate)", "-af",
        "atrim=end_sample=\(encoding.samples)",
        "-ac", "\(encoding.channels)", "-c:a", "libmp3lame",
      ] + extra + [path])
    return path
  }

  /// A 48 kHz mono MP3 at a constant 128 kbit/s without ID3v2, so every frame is 384 bytes and
  /// frame `n` starts at byte 384 × n: 88 audio frames holding 100 003 samples, after an info
  /// frame unless `extra` says `-write_xing 0`.
  static func makeEvenFrames(in folder: TemporaryFolder, name: String = "even.mp3", extra: [String] = []) throws
    -> String
  {
    let path = folder.file(name)
    try FFmpegCLI.make(
      [
        "-f", "lavfi", "-i", "sine=f=440:d=3:sample_rate=48000", "-af", "atrim=end_sample=100003", "-c:a", "libmp3lame",
        "-b:a", "128k", "-id3v2_version", "0",
      ] + extra + [path])
    return path
  }

  /// The length of every frame of `makeEvenFrames`.
  static let evenFrameLength = 384

  /// Samples per channel that the ffmpeg CLI decodes from `path`.
  static func decodedFrames(_ path: String, channels: Int) throws -> Int64 {
    Int64(try FFmpegCLI.decodeFloat(path).count / channels)
  }

  /// Where each audio frame lies, as ffprobe lists the packets of `path` (the info frame is no
  /// packet): an independent account of the frame boundaries of a clean file.
  static func packets(_ path: String) throws -> [Range<Int64>] {
    let output = try FFmpegCLI.run("ffprobe", ["-v", "error", "-show_entries", "packet=pos,size", "-of", "compact", path])
    guard output.status == 0 else { throw FFmpegCLI.Failure(message: "ffprobe \(path): \(output.stderr)") }
    return String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").compactMap { line in
      let fields = Dictionary(
        line.split(separator: "|").compactMap { field -> (Substring, Int64)? in
          let parts = field.split(separator: "=", maxSplits: 1)
          return parts.count == 2 ? Int64(parts[1]).map { (parts[0], $0) } : nil
        }, uniquingKeysWith: { first, _ in first })
      guard let pos = fields["pos"], let size = fields["size"] else { return nil }
      return pos..<pos + size
    }
  }

  static func bytes(_ path: String) -> [UInt8] {
    [UInt8](FileManager.default.contents(atPath: path) ?? Data())
  }

  /// Writes `bytes` to a new file `name` in `folder`.
  static func write(_ bytes: [UInt8], to name: String, in folder: TemporaryFolder) -> String {
    let path = folder.file(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  static func littleEndian(_ value: UInt32) -> [UInt8] { AudioTags.littleEndian(value) }
  static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * (3 - $0))) & 0xFF) } }
}
