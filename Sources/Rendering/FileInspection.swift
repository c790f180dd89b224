import FFmpegAudio

/// What Segue knows about an audio file after decoding it: its exact length, and the encoder
/// delay and padding it removed, with where they came from.
public struct FileInspection: Sendable {
  public var path: String
  public var info: AudioStreamInfo
  /// Sample frames after delay and padding removal.
  public var frameCount: Int64
  /// Encoder delay (priming) removed from the start, in frames.
  public var delay: Int64
  /// Encoder padding removed from the end, in frames.
  public var padding: Int64
  /// Where the delay and padding were read from, for example "LAME/Xing tag".
  public var delaySource: String

  public var seconds: Double { Double(frameCount) / Double(info.sampleRate) }

  /// Reports what the file's facts say: decoded once, or read from `cache`.
  public static func inspect(path: String, cache: FactsCache? = FactsCache.standard()) throws(RenderError) -> FileInspection {
    let facts = try InputFacts.gather([InputSource(path: path)], needs: FactsNeeds(decoded: true), cache: cache).facts[0]
    let decoded = facts.decoded ?? DecodedFacts(delay: 0, padding: 0)
    return FileInspection(
      path: path, info: facts.info, frameCount: facts.frameCount, delay: decoded.delay, padding: decoded.padding,
      delaySource: source(of: facts.info, found: decoded.delay + decoded.padding > 0))
  }

  private static func source(of info: AudioStreamInfo, found: Bool) -> String {
    switch (info.containerName, info.codecName) {
    case ("mp3", _): found ? "LAME/Xing tag" : "none (no LAME/Xing tag with gapless data)"
    case (let container, _) where container.hasPrefix("mov,"): found ? "MP4 edit list" : "none (no edit list)"
    case ("ogg", "opus"): "Opus pre-skip and final granule position"
    case ("ogg", _): "Ogg granule positions"
    default: found ? "the container's skip-samples data" : "none (the codec has no encoder delay)"
    }
  }
}
