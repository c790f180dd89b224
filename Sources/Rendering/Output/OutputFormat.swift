import FFmpegAudio
import Playlists
import Settings

/// A resolved output: the container and codec, and the settings to encode with.
struct OutputFormat: Equatable {
  var container: OutputContainer
  var codec: OutputCodec
  var settings: EncoderSettings
  /// What Segue chose for the user, with why: a rate moved to what the codec takes, a DSD
  /// input's PCM rate, a bit rate sized for speech.
  var notes: [String] = []

  /// A note for each of `inputs` (named by `labels`) with more channels than the mix: how it is
  /// mixed down, so a louder mono chapter is no surprise.
  func downmixNotes(_ inputs: [AudioStreamInfo], labels: [String]) -> [String] {
    let channels = settings.layout.channelCount
    return zip(inputs, labels).compactMap { info, label in
      guard info.channelCount > channels else { return nil }
      return "\(label): its \(info.channelCount) channels are mixed down to \(channels) (libswresample's matrix, "
        + (channels == 1 ? "-3 dB each: a sound in both comes out 3 dB louder than in one)" : "as FFmpeg mixes them)")
    }
  }

  /// How inputs at other rates are converted to the mix's: by what the output keeps.
  var resampling: ResamplingQuality { ResamplingQuality(outputBits: codec.isLossless ? settings.bitDepth : nil) }

  /// `metadata` with the tags that file the output as what it is: an `.m4b` is an audiobook
  /// (media kind, iTunes' `stik`, 2) in genre "Audiobook" unless the book names its own.
  func filedAsItsKind(_ metadata: ContainerMetadata) -> ContainerMetadata {
    guard container == .m4b else { return metadata }
    var filed = metadata
    filed.tags["media_type"] = "2"
    if filed.tags["genre"] == nil { filed.tags["genre"] = "Audiobook" }
    return filed
  }

  /// FFmpeg's muxer name.
  var containerName: String { container.muxerName }

  /// Resolves `options` for an output named `path`, mixing `inputs` (the tracks, already probed)
  /// in the layout `chosen` for them, which a codec may still move (with a note saying why).
  static func resolve(
    path: String, options: OutputOptions, inputs: [AudioStreamInfo], chosen: MixLayoutChoice
  ) throws(RenderError) -> OutputFormat {
    let fileExtension = path.split(separator: "/").last.flatMap { name in
      name.contains(".") ? name.split(separator: ".").last.map { String($0).lowercased() } : nil
    }
    guard let container = options.format ?? fileExtension.flatMap(OutputContainer.init(rawValue:)) else {
      throw .output(path: path, .unknownFormat(fileExtension.map { ".\($0)" } ?? "(none)"))
    }
    let codec = try codec(in: container, options: options)
    try checkQualityOptions(options, codec: codec)
    let bitDepth = codec.isLossless ? bitDepth(options: options, inputs: inputs) : nil
    guard codec.isAvailable(bitDepth: bitDepth) else {
      throw .setting(.noEncoder(codec.encoderName(bitDepth: bitDepth)))
    }
    var notes: [String] = []
    let rate = try mixRate(codec: codec, bitDepth: bitDepth, options: options, chosen: chosen.layout.sampleRate, notes: &notes)
    let channels = try channelCount(codec: codec, bitDepth: bitDepth, options: options, chosen: chosen.layout.channelCount, notes: &notes)
    if options.sampleRate == nil, let dsd = inputs.first(where: \.isDSD) {
      notes.append("DSD input (\(dsd.sampleRate) Hz as decoded) is mixed at \(rate) Hz, \(chosen.rateReason); --sample-rate changes it")
    }
    let layout = PCMLayout(sampleRate: rate, channelCount: channels)
    try checkBitRate(options.bitRate, codec: codec, layout: layout, rateWasAsked: options.sampleRate != nil)
    let forSpeech = container == .m4b
    let settings = codec.settings(
      layout: layout, bitDepth: bitDepth, bitRate: options.bitRate, vbrQuality: options.quality,
      compressionLevel: options.compressionLevel, forSpeech: forSpeech)
    if options.bitRate == nil, options.quality == nil, forSpeech || layout.channelCount == 1, let bitRate = settings.bitRate {
      let reason = forSpeech ? "the default for audiobooks (.m4b)" : "the default for mono output"
      notes.append("\(codec.displayName) at \(bitRate / 1000)k: \(reason), sized for speech; --bitrate changes it")
    }
    return OutputFormat(container: container, codec: codec, settings: settings, notes: notes)
  }

  /// The codec the user's `--codec` names, or the container's default.
  private static func codec(in container: OutputContainer, options: OutputOptions) throws(RenderError) -> OutputCodec {
    let codec = options.codec ?? container.codecs[0]
    guard container.codecs.contains(codec) else {
      throw .setting(.notOffered(.codec, value: codec.rawValue, within: "in .\(container.rawValue) output", offered: container.codecs.map(\.rawValue).sorted()))
    }
    return codec
  }

  /// Refuses options the chosen codec does not take, or values outside its range.
  private static func checkQualityOptions(_ options: OutputOptions, codec: OutputCodec) throws(RenderError) {
    if let depth = options.bitDepth {
      if !codec.isLossless { throw .setting(.notApplicable(.bitDepth, value: nil, appliesTo: "WAV, FLAC and ALAC output", notTo: codec.displayName)) }
      if depth == 32 && codec != .pcm {
        throw .setting(.notApplicable(.bitDepth, value: "32", appliesTo: "WAV output only; FLAC and ALAC take 16 or 24", notTo: nil))
      }
      if !codec.bitDepths.contains(depth) {
        throw .setting(.notOffered(.bitDepth, value: "\(depth)", within: "for \(codec.displayName)", offered: codec.bitDepths.map(String.init)))
      }
    }
    if options.bitRate != nil && codec.isLossless {
      throw .setting(.notApplicable(.bitRate, value: nil, appliesTo: "lossy output (MP3, AAC, Opus, Vorbis)", notTo: codec.displayName))
    }
    if options.compressionLevel != nil && codec != .flac {
      throw .setting(.notApplicable(.compressionLevel, value: nil, appliesTo: "FLAC output only", notTo: nil))
    }
    if let quality = options.quality {
      guard let range = codec.qualityRange else {
        throw .setting(.notApplicable(.quality, value: nil, appliesTo: "MP3 and Vorbis output", notTo: codec.displayName))
      }
      guard range.contains(quality) else {
        throw .setting(.outOfRange(.quality, value: quality, allowed: range))
      }
    }
  }

  /// The bit depth for lossless output: as asked, else the deepest input's (16 or 24).
  private static func bitDepth(options: OutputOptions, inputs: [AudioStreamInfo]) -> Int {
    if let asked = options.bitDepth { return asked }
    let deepest = inputs.compactMap(\.bitsPerSample).max() ?? 16
    return deepest > 16 ? 24 : 16
  }

  /// The mix's rate: as asked (refused where the codec cannot take it), else the `chosen` one,
  /// moved to what the codec takes with a note saying so.
  private static func mixRate(
    codec: OutputCodec, bitDepth: Int?, options: OutputOptions, chosen rate: Int, notes: inout [String]
  ) throws(RenderError) -> Int {
    if let asked = options.sampleRate {
      guard codec.accepts(sampleRate: asked, bitDepth: bitDepth) else { throw .setting(rateRefusal(codec, bitDepth, asked)) }
      return asked
    }
    guard !codec.accepts(sampleRate: rate, bitDepth: bitDepth) else { return rate }
    let moved = nearestAcceptedRate(to: rate, codec: codec, bitDepth: bitDepth)
    // Opus always works at 48 kHz (docs/guide.md says so); other moves are news.
    if codec != .opus { notes.append("\(codec.displayName) cannot encode at \(rate) Hz: mixed at \(moved) Hz; --sample-rate changes it") }
    return moved
  }

  /// The PCM rate for a mix of DSD inputs alone: 176.4 kHz (DSD64's band, with room for its noise shaping).
  static let dsdMixRate = 176_400

  /// The rate the codec takes nearest `rate`: the lowest listed rate above it (else the highest),
  /// or, for codecs with only a ceiling, `rate` halved until it fits (staying in its 44.1/48 family).
  private static func nearestAcceptedRate(to rate: Int, codec: OutputCodec, bitDepth: Int?) -> Int {
    if let listed = codec.sampleRates(bitDepth: bitDepth), let highest = listed.max() {
      return listed.filter { $0 >= rate }.min() ?? highest
    }
    var moved = rate
    while moved > 8_000 && !codec.accepts(sampleRate: moved, bitDepth: bitDepth) { moved /= 2 }
    return moved
  }

  /// Why the codec refuses `rate`, with the rates it takes.
  private static func rateRefusal(_ codec: OutputCodec, _ bitDepth: Int?, _ rate: Int) -> SettingProblem {
    let offered = codec.sampleRates(bitDepth: bitDepth)?.sorted().map(String.init) ?? codec.highestSampleRate.map { ["up to \($0)"] } ?? []
    return .notOffered(.sampleRate, value: "\(rate)", within: "for \(codec.displayName)", offered: offered)
  }

  /// The mix's channels: the `chosen` count (as asked, or from the tracks), moved within what the
  /// codec holds where it was not asked (with a note saying so).
  private static func channelCount(
    codec: OutputCodec, bitDepth: Int?, options: OutputOptions, chosen channels: Int, notes: inout [String]
  ) throws(RenderError) -> Int {
    guard let counts = codec.channelCounts(bitDepth: bitDepth), !counts.contains(channels) else { return channels }
    guard options.channelCount == nil, let fewer = counts.filter({ $0 < channels }).max() else {
      throw .setting(.notOffered(.channels, value: "\(channels)", within: "for \(codec.displayName)", offered: counts.sorted().map(String.init)))
    }
    notes.append("\(codec.displayName) cannot hold \(channels) channels: mixed to \(fewer); --channels changes it")
    return fewer
  }

  /// Refuses a bit rate the codec cannot reach at the mix's rate, rather than lowering it.
  private static func checkBitRate(_ bitRate: Int?, codec: OutputCodec, layout: PCMLayout, rateWasAsked: Bool) throws(RenderError) {
    let (rate, channels) = (layout.sampleRate, layout.channelCount)
    guard let bitRate, let highest = codec.highestBitRate(sampleRate: rate, channelCount: channels), bitRate > highest else { return }
    // A higher rate helps only where the rate holds the codec to lower bit rates (44.1 kHz says so).
    throw .setting(
      .bitRateOverLimit(
        codec: codec.displayName, bitRate: bitRate, sampleRate: rate, highest: highest,
        limitedBy: codec.bitRateLimitName(sampleRate: rate, channelCount: channels), rateAsked: rateWasAsked,
        fullRateHighest: codec.highestBitRate(sampleRate: 44_100, channelCount: channels)))
  }
}
