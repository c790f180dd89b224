/// What `inspect` found in a set of files, as JSON: one object per file, and the files that could
/// not be read with why.
public struct InspectionReport: Encodable, Sendable {
  public var schemaVersion = ReportSchema.version
  public var files: [File]
  /// One message per file that could not be inspected, naming the file.
  public var errors: [String]

  /// One inspected file.
  public struct File: Encodable, Sendable {
    public var path: String
    public var container: String
    public var codec: String
    public var sampleRate: Int
    public var channels: Int
    public var channelLayout: String
    public var bitsPerSample: Int?
    public var frames: Int64
    public var seconds: Double
    public var delay: Int64
    public var padding: Int64
    public var delaySource: String
    public var declaredFrames: Int64?
    public var tags: [String: String]
  }

  public init(_ inspections: [FileInspection], errors: [String]) {
    self.errors = errors
    files = inspections.map { file in
      File(
        path: file.path, container: file.info.containerName, codec: file.info.codecName, sampleRate: file.info.sampleRate,
        channels: file.info.channelCount, channelLayout: file.info.channelLayout, bitsPerSample: file.info.bitsPerSample,
        frames: file.frameCount, seconds: file.seconds, delay: file.delay, padding: file.padding, delaySource: file.delaySource,
        declaredFrames: file.info.declaredFrameCount, tags: file.info.tags)
    }
  }

  public func json() -> String { JSONText.encode(self) }
}

extension FileInspection {
  /// The file as an indented block of `name  value` lines.
  public var text: String {
    var lines = [
      path,
      "  container   \(info.containerName)",
      "  codec       \(info.codecName)\(info.bitsPerSample.map { ", \($0)-bit" } ?? "")",
      "  audio       \(info.sampleRate) Hz, \(channels)",
      "  length      \(frameCount) sample frames = \(TimeFormat.clock(frames: frameCount, sampleRate: info.sampleRate))",
      "  delay       \(delay) frames removed from the start",
      "  padding     \(padding) frames removed from the end",
      "  from        \(delaySource)",
    ]
    if let declared = info.declaredFrameCount { lines.append("  declared    \(declared) sample frames") }
    for note in [info.gapless?.note, info.oggEnding?.note].compactMap({ $0 }) { lines.append("  note        \(note)") }
    for key in info.tags.keys.sorted() { lines.append("  tag         \(key) = \(info.tags[key]!)") }
    return lines.joined(separator: "\n")
  }

  /// The channels as people name them, the count said once: `mono`, `stereo`, `4 channels (quad)`.
  private var channels: String {
    switch info.channelLayout {
    case "mono", "stereo": info.channelLayout
    // FFmpeg describes a layout without a name by its count: "3 channels".
    case let layout where layout.hasSuffix("channels"): layout
    case let layout: "\(info.channelCount) channels (\(layout))"
    }
  }
}
