import AudioTestSupport
import Containers
import Foundation

/// Files made with the ffmpeg CLI for the MP4 tests: a 440 Hz sine cut to an exact, odd number of
/// frames with `atrim`, so every length the tests expect is known to the frame.
enum MP4TestFiles {
  /// The source's length: odd, and no whole number of milliseconds or AAC packets.
  static let frames: Int64 = 100_003

  /// Encodes the sine at `rate` Hz, `frames` long, into `name` in `folder` with `options`.
  static func make(
    _ folder: TemporaryFolder, _ name: String, rate: Int = 44_100, frames: Int64 = frames, _ options: [String]
  ) throws -> String {
    let path = folder.file(name)
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=440:r=\(rate),atrim=end_sample=\(frames)"] + options + [path])
    return path
  }

  /// What the ffmpeg CLI decodes from `path`, mono, with `span` applied: `skip` frames dropped,
  /// then `length` kept.
  static func decoded(_ path: String, applying span: GaplessSpan? = nil) throws -> [Float] {
    let all = try FFmpegCLI.decodeFloat(path)
    guard let span else { return all }
    let kept = all.dropFirst(Int(span.skip))
    return Array(span.length.map { kept.prefix(Int($0)) } ?? kept)
  }

  /// The file's size in bytes.
  static func size(_ path: String) throws -> Int64 {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? -1
  }

  /// The value ffprobe reads for the container tag `key`.
  static func probedTag(_ path: String, _ key: String) throws -> String? {
    let output = try FFmpegCLI.run(
      "ffprobe", ["-v", "error", "-show_entries", "format_tags=\(key)", "-of", "default=nw=1:nk=1", path])
    let text = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
    return output.status == 0 && !text.isEmpty ? text : nil
  }
}
