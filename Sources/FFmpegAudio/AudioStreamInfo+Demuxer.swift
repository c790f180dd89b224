import CFFmpegShim

extension AudioStreamInfo {
  /// Reads the audio stream's description from `path` without decoding any of it.
  public static func probe(path: String) throws(AudioFileError) -> AudioStreamInfo {
    AudioStreamInfo(demuxer: try AudioFileError.wrapping { () throws(FFmpegError) in try Demuxer(path: path) })
  }

  /// Describes the demuxer's audio stream from its codec parameters.
  init(demuxer: Demuxer) {
    let parameters = demuxer.stream.pointee.codecpar!.pointee
    var layout = parameters.ch_layout
    let gapless = Self.containerFields(demuxer: demuxer)
    self.init(
      containerName: demuxer.containerName,
      codecName: String(cString: avcodec_get_name(parameters.codec_id)),
      sampleRate: Int(parameters.sample_rate),
      channelCount: Int(parameters.ch_layout.nb_channels),
      channelLayout: Self.describe(&layout),
      bitsPerSample: Self.significantBits(parameters),
      declaredFrameCount: gapless.span?.length ?? Self.exactFrameCount(demuxer: demuxer),
      tags: demuxer.tags)
    self.gapless = gapless.span
    endsWithWholeFrame = gapless.endsWithWholeFrame
    oggEnding = gapless.oggEnding
    mp3Clock = gapless.mp3Clock
    chapters = demuxer.chapters(sampleRate: Int(parameters.sample_rate))
  }

  private static func describe(_ layout: inout AVChannelLayout) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      guard av_channel_layout_describe(&layout, buffer.baseAddress, buffer.count) >= 0 else { return "unknown" }
      return String(cString: buffer.baseAddress!)
    }
  }

  /// Bits that carry signal when the codec decodes to integers; nil for float output.
  private static func significantBits(_ parameters: AVCodecParameters) -> Int? {
    let format = AVSampleFormat(rawValue: parameters.format)
    switch av_get_packed_sample_fmt(format) {
    case AV_SAMPLE_FMT_U8: return 8
    case AV_SAMPLE_FMT_S16: return 16
    case AV_SAMPLE_FMT_S32:
      let raw = Int(parameters.bits_per_raw_sample)
      return raw > 0 ? raw : 32
    default: return nil
    }
  }

  /// Containers whose stream duration is the exact decoded length (in samples of the stream's
  /// rate) when they hold PCM, or FLAC.
  private static let exactLengthContainers: Set<String> = ["flac", "wav", "aiff", "w64"]

  private static func exactFrameCount(demuxer: Demuxer) -> Int64? {
    let codec = String(cString: avcodec_get_name(demuxer.stream.pointee.codecpar.pointee.codec_id))
    guard exactLengthContainers.contains(demuxer.containerName), codec == "flac" || codec.hasPrefix("pcm_") else { return nil }
    return streamDuration(demuxer)
  }
}
