import Containers

/// What a file says about its audio stream before any of it is decoded.
public struct AudioStreamInfo: Sendable, Equatable, Codable {
  /// FFmpeg's name for the container, for example `flac` or `mov,mp4,m4a,3gp,3g2,mj2`.
  public var containerName: String
  /// FFmpeg's name for the codec, for example `mp3` or `aac`.
  public var codecName: String
  /// Sample frames per second (Hz) of the decoded stream, as its codec parameters state it.
  public var sampleRate: Int
  /// Channels the stream decodes to.
  public var channelCount: Int
  /// The channel layout as FFmpeg describes it, for example `stereo`.
  public var channelLayout: String
  /// Bits per sample that carry signal for integer (lossless) codecs; nil for float and lossy ones.
  public var bitsPerSample: Int?
  /// The length in sample frames that the container declares, when it declares one exactly.
  ///
  /// FLAC's STREAMINFO, WAV/AIFF data sizes and MP4 edit lists are exact; MP3 and Ogg durations
  /// include encoder delay and padding, so they are not reported here.
  public var declaredFrameCount: Int64?
  /// Where the audio lies among the decoded samples when Segue reads it from the container's own
  /// fields and trims it itself (start and end); nil where FFmpeg's own trimming is right.
  public var gapless: GaplessSpan?
  /// True when the last audio frame is whole and only tags or stray bytes follow it (known for
  /// MP3): a decoding error there is the end of the audio, not truncation.
  public var endsWithWholeFrame: Bool?
  /// How an Ogg file's last pages end (nil for other containers): a last page cut short is
  /// truncation; whole pages without the end-of-stream flag may be a file cut at a page boundary.
  public var oggEnding: OggEnding?
  /// How many frames an MP3's bytes hold (nil for other containers): what places the audio after
  /// bytes lost to damage.
  public var mp3Clock: MP3ByteClock?
  /// The file's tags (container and stream), keys in lower case: `title`, `artist`, `album`, …
  public var tags: [String: String]
  /// The file's chapters, in sample frames at `sampleRate`.
  public var chapters: [Chapter] = []

  /// A description from the stream's names, rate, channels, declared length and tags; gapless, ending and chapter fields start empty.
  public init(
    containerName: String, codecName: String, sampleRate: Int, channelCount: Int,
    channelLayout: String, bitsPerSample: Int?, declaredFrameCount: Int64?, tags: [String: String] = [:]
  ) {
    self.tags = tags
    self.containerName = containerName
    self.codecName = codecName
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.channelLayout = channelLayout
    self.bitsPerSample = bitsPerSample
    self.declaredFrameCount = declaredFrameCount
  }

  /// True for DSD (1-bit) audio, which FFmpeg decodes to float at an eighth of its bit rate.
  public var isDSD: Bool { codecName.hasPrefix("dsd_") }

  /// True for the MP4 family, whose end padding FFmpeg 5.1 does not trim by itself.
  var isMP4Family: Bool { containerName.hasPrefix("mov,") }

  /// Where this kind of file states its encoder delay and padding, worded for people; `found`
  /// says whether the file held any.
  public func gaplessDataSource(found: Bool) -> String {
    if let gapless { return gapless.source }
    return switch (containerName, codecName) {
    case ("mp3", _): found ? "LAME/Xing tag" : "none (no LAME/Xing tag with gapless data)"
    case _ where isMP4Family: found ? "MP4 edit list" : "none (no edit list)"
    case ("ogg", "opus"): "Opus pre-skip and final granule position"
    case ("ogg", _): "Ogg granule positions"
    default: found ? "the container's skip-samples data" : "none (the codec has no encoder delay)"
    }
  }
}
