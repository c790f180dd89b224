import FFmpegAudio

/// A resolved output: FFmpeg's muxer and encoder, and the settings to encode with.
struct OutputFormat: Equatable {
  /// FFmpeg's muxer name.
  var containerName: String
  var settings: EncoderSettings
  /// True for codecs that keep every sample (WAV, FLAC, ALAC).
  var isLossless: Bool

  /// Output formats by extension, as `--format` names them.
  static let knownFormats = ["wav", "flac", "mp3", "m4a", "m4b", "mp4", "opus", "ogg"]

  /// Resolves `options` for an output named `path`, mixing `inputs` (already probed).
  static func resolve(path: String, options: OutputOptions, inputs: [AudioStreamInfo]) throws(RenderError) -> OutputFormat {
    let fileExtension = path.split(separator: "/").last.flatMap { name in
      name.contains(".") ? name.split(separator: ".").last.map { String($0).lowercased() } : nil
    }
    guard let format = options.format?.lowercased() ?? fileExtension, knownFormats.contains(format) else {
      throw .output(path: path, .unknownFormat(options.format ?? fileExtension.map { ".\($0)" } ?? "(none)"))
    }
    let codec = try codecName(format: format, options: options)
    let lossless = ["flac", "alac"].contains(codec) || codec.hasPrefix("pcm_")
    try checkQualityOptions(options, codec: codec, lossless: lossless)
    let layout = try mixLayout(codec: codec, options: options, first: inputs[0])
    let container =
      switch format {
      case "m4a", "m4b": "ipod"
      case "opus": "opus"
      default: format
      }
    var settings = EncoderSettings(
      codecName: codec, layout: layout, bitDepth: lossless ? bitDepth(options: options, inputs: inputs) : nil,
      bitRate: options.bitRate, vbrQuality: options.quality, compressionLevel: options.compressionLevel)
    applyDefaults(to: &settings)
    return OutputFormat(containerName: container, settings: settings, isLossless: lossless)
  }

  /// Refuses options the chosen codec does not take, or values outside its range.
  private static func checkQualityOptions(_ options: OutputOptions, codec: String, lossless: Bool) throws(RenderError) {
    if let depth = options.bitDepth {
      if !lossless { throw .options("--bit-depth applies to WAV, FLAC and ALAC output, not to \(codec)") }
      if depth == 32 && !codec.hasPrefix("pcm_") {
        throw .options("--bit-depth 32 applies to WAV output only; FLAC and ALAC take 16 or 24")
      }
    }
    if options.compressionLevel != nil && codec != "flac" {
      throw .options("--compression-level applies to FLAC output only")
    }
    if let quality = options.quality {
      let range: ClosedRange<Double>? =
        switch codec {
        case "libmp3lame": 0...9
        case "libvorbis": -1...10
        default: nil
        }
      guard let range else { throw .options("--quality applies to MP3 and Vorbis output, not to \(codec)") }
      guard range.contains(quality) else {
        throw .options("--quality for \(codec) must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))")
      }
    }
  }

  /// FFmpeg's encoder for a container and the user's `--codec`.
  private static func codecName(format: String, options: OutputOptions) throws(RenderError) -> String {
    let choices: [String: [String: String]] = [
      "wav": ["pcm": "pcm"], "flac": ["flac": "flac"], "mp3": ["mp3": "libmp3lame"],
      "m4a": ["aac": "aac", "alac": "alac"], "m4b": ["aac": "aac", "alac": "alac"],
      "mp4": ["aac": "aac", "alac": "alac"], "opus": ["opus": "libopus"],
      "ogg": ["vorbis": "libvorbis", "opus": "libopus"],
    ]
    let defaults = ["wav": "pcm", "flac": "flac", "mp3": "mp3", "m4a": "aac", "m4b": "aac", "mp4": "aac", "opus": "opus", "ogg": "vorbis"]
    let asked = options.codec?.lowercased() ?? defaults[format]!
    guard var codec = choices[format]![asked] else {
      let offered = choices[format]!.keys.sorted().joined(separator: ", ")
      throw .options("--codec \(asked) is not available in .\(format) output (choose \(offered))")
    }
    if codec == "pcm" {
      codec = switch options.bitDepth ?? 16 {
      case 24: "pcm_s24le"
      case 32: "pcm_f32le"
      default: "pcm_s16le"
      }
    }
    guard AudioFileWriter.hasEncoder(named: codec) else {
      throw .options("this FFmpeg build has no \(codec) encoder")
    }
    return codec
  }

  /// The bit depth for lossless output: as asked, else the deepest input's (16 or 24).
  private static func bitDepth(options: OutputOptions, inputs: [AudioStreamInfo]) -> Int {
    if let asked = options.bitDepth { return asked }
    let deepest = inputs.compactMap(\.bitsPerSample).max() ?? 16
    return deepest > 16 ? 24 : 16
  }

  /// The mix's rate and channels: as asked, else the first input's, moved to what the codec takes.
  private static func mixLayout(codec: String, options: OutputOptions, first: AudioStreamInfo) throws(RenderError) -> PCMLayout {
    var rate = options.sampleRate ?? first.sampleRate
    // Opus decodes at 48 kHz whatever it was encoded at, so the mix is made at 48 kHz.
    let supportedRates = codec == "libopus" ? [48_000] : AudioFileWriter.supportedSampleRates(codecName: codec)
    if let supported = supportedRates, !supported.contains(rate) {
      if options.sampleRate != nil {
        let list = supported.sorted().map(String.init).joined(separator: ", ")
        throw .options("\(codec) cannot encode at \(rate) Hz (it takes \(list))")
      }
      rate = supported.filter { $0 >= rate }.min() ?? supported.max()!
    }
    var channels = options.channelCount ?? first.channelCount
    if codec == "libmp3lame" && channels > 2 {
      if options.channelCount != nil { throw .options("MP3 holds at most 2 channels") }
      channels = 2
    }
    return PCMLayout(sampleRate: rate, channelCount: channels)
  }

  /// Quality defaults where the encoder's own would be too low (or, for AAC, unsafe) for music.
  private static func applyDefaults(to settings: inout EncoderSettings) {
    // FFmpeg 5.1's default AAC coder (twoloop) garbles steady tones at high bit rates; the fast
    // coder does not, and is the default in later FFmpeg releases.
    if settings.codecName == "aac" { settings.privateOptions["aac_coder"] = "fast" }
    guard settings.bitRate == nil && settings.vbrQuality == nil else { return }
    switch settings.codecName {
    case "libmp3lame": settings.bitRate = 320_000
    case "aac": settings.bitRate = 256_000
    case "libopus": settings.bitRate = 160_000
    case "libvorbis": settings.vbrQuality = 6
    default: break
    }
  }
}
