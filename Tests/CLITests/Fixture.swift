import AudioTestSupport
import Foundation

/// One file a test needs in its folder; `Fixture` makes it (audio comes from the ffmpeg CLI).
enum FixtureFile: Sendable {
  /// A 16-bit stereo 44.1 kHz sine of exactly `frames` sample frames; the extension picks the format.
  case tone(String, frames: Int = 4410)
  /// A text file (a playlist, or a file that only pretends to be audio).
  case text(String, String)
  /// A file of zero bytes.
  case empty(String)
  /// A FLAC of `frames` sample frames cut to 80% of its bytes.
  case truncatedFLAC(String, frames: Int)
  /// A LAME-tagged MP3 of `frames` sample frames cut to 60% of its bytes.
  case truncatedMP3(String, frames: Int)
  /// A one-second MPEG-4 video with no audio stream.
  case video(String)
  /// An audio file whose stream holds no sample frames (a FLAC of length 0).
  case noAudio(String)
  /// An empty folder.
  case folder(String)
}

/// A fresh folder for one test: made from `FixtureFile`s, run in, and inspected afterwards.
final class Fixture {
  private let folder = TemporaryFolder("segue-cli")
  /// Values only known once the files exist, by placeholder, such as `{decoded}`.
  private var placeholders: [String: String] = [:]

  /// The folder's absolute path.
  var path: String { folder.path }

  /// Makes `files`; all the tones in one ffmpeg run, since starting ffmpeg costs more than the audio.
  init(_ files: [FixtureFile] = []) throws {
    try tones(files.compactMap { if case .tone(let name, let frames) = $0 { (name, frames, Self.toneFrequency) } else { nil } })
    for file in files {
      if case .tone = file { continue }
      try make(file)
    }
  }

  /// The absolute path of `name`, relative to the folder.
  func file(_ name: String) -> String { folder.file(name) }

  /// Runs `segue` with `arguments` in the folder, or in `subfolder` of it, with `standardInput`
  /// piped in when given.
  func run(_ arguments: [String], from subfolder: String? = nil, standardInput: String? = nil) throws -> SegueResult {
    try runSegue(arguments: arguments, in: subfolder.map(file) ?? path, standardInput: standardInput.map { Data($0.utf8) })
  }

  /// `text` with each placeholder that making the files defined replaced by its value.
  func resolve(_ text: String) -> String {
    placeholders.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
  }

  /// Makes one file, and the folders above it.
  func make(_ spec: FixtureFile) throws {
    switch spec {
    case .tone(let name, let frames): try tone(name, frames: frames)
    case .text(let name, let text): try write(name, Data(text.utf8))
    case .empty(let name): try write(name, Data())
    case .truncatedFLAC(let name, let frames): try truncatedFLAC(name, frames: frames)
    case .truncatedMP3(let name, let frames): try truncatedMP3(name, frames: frames)
    case .video(let name):
      try FFmpegCLI.make(["-f", "lavfi", "-i", "color=c=red:s=16x16:d=1", "-c:v", "mpeg4", try prepared(name)])
    case .noAudio(let name):
      try FFmpegCLI.make(["-f", "lavfi", "-i", "sine", "-t", "0", try prepared(name)])
    case .folder(let name):
      try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
    }
  }

  /// The tones' pitch unless a test asks for another: a prime, so no codec frame holds whole cycles.
  static let toneFrequency = 997

  /// A 16-bit stereo 44.1 kHz sine of exactly `frames` sample frames.
  func tone(_ name: String, frames: Int, frequency: Int = toneFrequency) throws {
    try tones([(name, frames, frequency)])
  }

  /// Several sines like `tone(_:frames:frequency:)`, made by one ffmpeg run.
  func tones(_ specs: [(name: String, frames: Int, frequency: Int)]) throws {
    try synthesize(specs.map { ($0.name, "sine=f=\($0.frequency):r=44100", $0.frames) })
  }

  /// 16-bit stereo 44.1 kHz digital silence of `frames` sample frames (cheap to make and to store as FLAC).
  func silence(_ name: String, frames: Int) throws {
    try synthesize([(name, "anullsrc=r=44100:cl=stereo", frames)])
  }

  /// Writes `data` to `name`.
  func write(_ name: String, _ data: Data) throws {
    try data.write(to: URL(fileURLWithPath: try prepared(name)))
  }

  /// The 16-bit samples FFmpeg decodes from `name`, whatever its format.
  func samples(_ name: String) throws -> [Int16] {
    try FFmpegCLI.decodeInt16(file(name))
  }

  /// The relative paths of everything in the folder, hidden files included, folders ending in `/`.
  func names(under relative: String = "") -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: file(relative))) ?? []
    return entries.sorted().flatMap { entry -> [String] in
      let name = relative + entry
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: file(name), isDirectory: &isFolder)
      return exists && isFolder.boolValue ? [name + "/"] + names(under: name + "/") : [name]
    }
  }

  /// Every file's relative path and contents, to compare before and after a run.
  func snapshot() -> [String: Data] {
    Dictionary(uniqueKeysWithValues: names().map { ($0, FileManager.default.contents(atPath: file($0)) ?? Data()) })
  }

  /// A FLAC cut to 80% of its bytes; `{decoded}` becomes the frames the ffmpeg CLI still decodes from it.
  private func truncatedFLAC(_ name: String, frames: Int) throws {
    try tone(name, frames: frames)
    let whole = try Data(contentsOf: URL(fileURLWithPath: file(name)))
    try write(name, whole.prefix(whole.count * 8 / 10))
    // The CLI reports the damaged last frame and goes on; what it wrote before that is what survives.
    let decoded = try FFmpegCLI.ffmpeg(["-i", file(name), "-f", "s16le", "-ac", "2", "-"]).stdout.count / 4
    placeholders["{decoded}"] = String(decoded)
  }

  /// A LAME-tagged MP3 cut to 60% of its bytes; `{decodedMP3}` becomes the frames the ffmpeg CLI
  /// decodes from it (the LAME tag's start trim applies; the cut end has no padding to trim).
  private func truncatedMP3(_ name: String, frames: Int) throws {
    let whole = file(name + ".whole.mp3")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=\(Self.toneFrequency):r=44100", "-af", "atrim=end_sample=\(frames)", "-c:a", "libmp3lame", whole])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    try FileManager.default.removeItem(atPath: whole)
    try write(name, bytes.prefix(bytes.count * 6 / 10))
    placeholders["{decodedMP3}"] = String(try FFmpegCLI.decodeFloat(file(name)).count)
  }

  /// Renders each lavfi source, cut to its frame count, into its file (16-bit stereo 44.1 kHz): one
  /// input and one output each.
  func synthesize(_ outputs: [(name: String, source: String, frames: Int)]) throws {
    guard !outputs.isEmpty else { return }
    let inputs = outputs.flatMap { ["-f", "lavfi", "-i", "\($0.source),aformat=s16:44100:stereo,atrim=end_sample=\($0.frames)"] }
    let maps = try outputs.enumerated().flatMap { ["-map", "\($0.offset)", try prepared($0.element.name)] }
    try FFmpegCLI.make(inputs + maps)
  }

  /// The absolute path of `name`, with its folder made.
  private func prepared(_ name: String) throws -> String {
    let path = file(name)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    return path
  }
}
