import FFmpegAudio

/// A resolved output: the container and codec, and the settings to encode with.
struct OutputFormat: Equatable {
  var container: OutputContainer
  var codec: OutputCodec
  var settings: EncoderSettings

  /// FFmpeg's muxer name.
  var containerName: String { container.muxerName }

  /// Resolves `options` for an output named `path`, mixing `inputs` (already probed).
  static func resolve(path: String, options: OutputOptions, inputs: [AudioStreamInfo]) throws(RenderError) -> OutputFormat {
    let fileExtension = path.split(separator: "/").last.flatMap { name in
      name.contains(".") ? name.split(separator: ".").last.map { String($0).lowercased() } : nil
    }
    guard let container = (options.format?.lowercased() ?? fileExtension).flatMap(OutputContainer.init(rawValue:)) else {
      throw .output(path: path, .unknownFormat(options.format ?? fileExtension.map { ".\($0)" } ?? "(none)"))
    }
    let codec = try codec(in: container, options: options)
    try checkQualityOptions(options, codec: codec)
    let bitDepth = codec.isLossless ? bitDepth(options: options, inputs: inputs) : nil
    guard codec.isAvailable(bitDepth: bitDepth) else {
      throw .options("this FFmpeg build has no \(codec.encoderName(bitDepth: bitDepth)) encoder")
    }
    let layout = try mixLayout(codec: codec, bitDepth: bitDepth, options: options, first: inputs[0])
    let settings = codec.settings(
      layout: layout, bitDepth: bitDepth, bitRate: options.bitRate, vbrQuality: options.quality,
      compressionLevel: options.compressionLevel)
    return OutputFormat(container: container, codec: codec, settings: settings)
  }

  /// The codec the user's `--codec` names, or the container's default.
  private static func codec(in container: OutputContainer, options: OutputOptions) throws(RenderError) -> OutputCodec {
    let asked = options.codec?.lowercased() ?? container.codecs[0].rawValue
    guard let codec = OutputCodec(rawValue: asked), container.codecs.contains(codec) else {
      let offered = container.codecs.map(\.rawValue).sorted().joined(separator: ", ")
      throw .options("--codec \(asked) is not available in .\(container.rawValue) output (choose \(offered))")
    }
    return codec
  }

  /// Refuses options the chosen codec does not take, or values outside its range.
  private static func checkQualityOptions(_ options: OutputOptions, codec: OutputCodec) throws(RenderError) {
    if let depth = options.bitDepth {
      if !codec.isLossless { throw .options("--bit-depth applies to WAV, FLAC and ALAC output, not to \(codec.displayName)") }
      if depth == 32 && codec != .pcm {
        throw .options("--bit-depth 32 applies to WAV output only; FLAC and ALAC take 16 or 24")
      }
      if !codec.bitDepths.contains(depth) {
        throw .options("--bit-depth \(depth) is not available for \(codec.displayName) (choose \(codec.bitDepths.map(String.init).joined(separator: ", ")))")
      }
    }
    if options.compressionLevel != nil && codec != .flac {
      throw .options("--compression-level applies to FLAC output only")
    }
    if let quality = options.quality {
      guard let range = codec.qualityRange else {
        throw .options("--quality applies to MP3 and Vorbis output, not to \(codec.displayName)")
      }
      guard range.contains(quality) else {
        throw .options("--quality for \(codec.displayName) must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))")
      }
    }
  }

  /// The bit depth for lossless output: as asked, else the deepest input's (16 or 24).
  private static func bitDepth(options: OutputOptions, inputs: [AudioStreamInfo]) -> Int {
    if let asked = options.bitDepth { return asked }
    let deepest = inputs.compactMap(\.bitsPerSample).max() ?? 16
    return deepest > 16 ? 24 : 16
  }

  /// The mix's rate and channels: as asked, else the first input's, moved to what the codec takes.
  private static func mixLayout(
    codec: OutputCodec, bitDepth: Int?, options: OutputOptions, first: AudioStreamInfo
  ) throws(RenderError) -> PCMLayout {
    var rate = options.sampleRate ?? first.sampleRate
    if let supported = codec.sampleRates(bitDepth: bitDepth), !supported.contains(rate) {
      if options.sampleRate != nil {
        let list = supported.sorted().map(String.init).joined(separator: ", ")
        throw .options("\(codec.displayName) cannot encode at \(rate) Hz (it takes \(list))")
      }
      rate = supported.filter { $0 >= rate }.min() ?? supported.max()!
    }
    var channels = options.channelCount ?? first.channelCount
    if let maximum = codec.maximumChannels, channels > maximum {
      if options.channelCount != nil { throw .options("\(codec.displayName) holds at most \(maximum) channels") }
      channels = maximum
    }
    return PCMLayout(sampleRate: rate, channelCount: channels)
  }
}
