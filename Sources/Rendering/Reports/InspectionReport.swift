/// What `inspect` found in a set of files, as JSON: one object per file, and the files that could
/// not be read with why.
public struct InspectionReport: Encodable, Sendable {
  /// The version of this JSON shape (`ReportSchema.version`).
  public var schemaVersion = ReportSchema.version
  /// One object per file that could be inspected.
  public var files: [File]
  /// One message per file that could not be inspected, naming the file.
  public var errors: [String]

  /// One inspected file.
  public struct File: Encodable, Sendable {
    /// The path as it was given.
    public var path: String
    /// FFmpeg's name for the container, for example `flac` or `mov,mp4,m4a,3gp,3g2,mj2`.
    public var container: String
    /// FFmpeg's name for the codec, for example `mp3` or `aac`.
    public var codec: String
    /// The audio stream's sample rate, in Hz.
    public var sampleRate: Int
    /// The stream's channel count.
    public var channels: Int
    /// The channel layout as FFmpeg describes it, for example `stereo`.
    public var channelLayout: String
    /// Bits per sample that carry signal for integer (lossless) codecs; nil for float and lossy ones.
    public var bitsPerSample: Int?
    /// The length in sample frames, after encoder delay and padding are removed.
    public var frames: Int64
    /// That length in seconds.
    public var seconds: Double
    /// Encoder delay (priming) removed from the start, in sample frames.
    public var delay: Int64
    /// Encoder padding removed from the end, in sample frames.
    public var padding: Int64
    /// Where the delay and padding were read from ("LAME/Xing tag", "MP4 edit list"), or why there are none.
    public var delaySource: String
    /// The length the container declares exactly, in sample frames; nil where it declares none (MP3, Ogg).
    public var declaredFrames: Int64?
    /// The file's tags (container and stream), keys in lower case.
    public var tags: [String: String]
  }

  /// Reports `inspections`, and `errors`, one message per file that could not be inspected.
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

  /// The report as pretty-printed JSON with sorted keys.
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
