import FFmpegAudio

/// What Segue knows about an audio file after decoding it: its exact length, and the encoder
/// delay and padding it removed, with where they came from.
public struct FileInspection: Sendable {
  /// The file inspected, as the caller named it.
  public var path: String
  /// What the file says about its audio stream (rate, channels, codec, tags, chapters).
  public var info: AudioStreamInfo
  /// Sample frames after delay and padding removal.
  public var frameCount: Int64
  /// Encoder delay (priming) removed from the start, in frames.
  public var delay: Int64
  /// Encoder padding removed from the end, in frames.
  public var padding: Int64
  /// Where the delay and padding were read from, for example "LAME tag".
  public var delaySource: String

  /// The exact length in seconds, after delay and padding removal.
  public var seconds: Double { Double(frameCount) / Double(info.sampleRate) }

  /// Reports what the file's facts say: decoded once, or read from `cache`.
  public static func inspect(path: String, cache: FactsCache? = nil) throws(RenderError) -> FileInspection {
    let facts = try InputFacts.gather([InputSource(path: path)], needs: FactsNeeds(decoded: true), cache: cache).facts[0]
    let decoded = facts.decoded ?? DecodedFacts(delay: 0, padding: 0)
    return FileInspection(
      path: path, info: facts.info, frameCount: facts.frameCount, delay: decoded.delay, padding: decoded.padding,
      delaySource: facts.info.gaplessDataSource(found: decoded.delay + decoded.padding > 0))
  }
}
