import Foundation

/// The SoX command-line tool: an independent judge where FFmpeg 5.1 is itself wrong (it decodes
/// Ogg Vorbis with libvorbis), and a second encoder for test files.
public enum SoXCLI {
  /// Decodes `path` with SoX into interleaved 32-bit float samples.
  public static func decodeFloat(_ path: String) throws -> [Float] {
    let output = try FFmpegCLI.run("sox", [path, "-t", "f32", "-"])
    guard output.status == 0 else { throw FFmpegCLI.Failure(message: "sox could not decode \(path): \(output.stderr)") }
    return output.stdout.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// The length in sample frames that SoX (libvorbis, for Ogg Vorbis) finds in `path`.
  public static func frameCount(_ path: String) throws -> Int64 {
    let output = try FFmpegCLI.run("sox", ["--i", "-s", path])
    let text = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard output.status == 0, let frames = Int64(text) else { throw FFmpegCLI.Failure(message: "sox --i -s \(path): \(output.stderr)") }
    return frames
  }

  /// Runs `sox` with `arguments` and fails the caller if it does not exit 0.
  public static func make(_ arguments: [String]) throws {
    let output = try FFmpegCLI.run("sox", arguments)
    guard output.status == 0 else { throw FFmpegCLI.Failure(message: "sox \(arguments): \(output.stderr)") }
  }
}
