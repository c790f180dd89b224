import CFFmpegShim

/// Owns an encoding `AVCodecContext`, set up from `EncoderSettings`.
final class AudioEncoder {
  private var context: UnsafeMutablePointer<AVCodecContext>?
  private let path: String
  /// The PCM this encoder takes.
  let inputFormat: EncoderInputFormat

  /// Frame size used for encoders that accept any (PCM codecs report 0).
  private static let variableFrameSize = 4096

  /// Opens the encoder named in `settings`.
  init(settings: EncoderSettings, globalHeader: Bool, path: String) throws(FFmpegError) {
    self.path = path
    guard let codec = avcodec_find_encoder_by_name(settings.codecName) else {
      throw FFmpegError(function: "avcodec_find_encoder_by_name", code: SEGUE_AVERROR_ENCODER_NOT_FOUND, path: path)
    }
    context = avcodec_alloc_context3(codec)
    guard let context else {
      throw FFmpegError(function: "avcodec_alloc_context3", code: segue_averror(ENOMEM), path: path)
    }
    guard let format = Self.chooseSampleFormat(codec: codec, bitDepth: settings.bitDepth) else {
      throw FFmpegError(function: "\(settings.codecName) takes no float, 16-bit or 32-bit samples", code: segue_averror(EINVAL), path: path)
    }
    context.pointee.sample_fmt = format
    context.pointee.sample_rate = Int32(settings.layout.sampleRate)
    if let name = settings.channelLayoutName {
      try check(av_channel_layout_from_string(&context.pointee.ch_layout, name), "av_channel_layout_from_string", path: path)
    } else {
      Self.chooseChannelLayout(&context.pointee.ch_layout, codec: codec, channelCount: settings.layout.channelCount)
    }
    context.pointee.time_base = AVRational(num: 1, den: Int32(settings.layout.sampleRate))
    let packed = av_get_packed_sample_fmt(format)
    let significantBits = min(settings.bitDepth ?? 32, 32)
    if packed == AV_SAMPLE_FMT_S32 { context.pointee.bits_per_raw_sample = Int32(significantBits) }
    if let bitRate = settings.bitRate { context.pointee.bit_rate = Int64(bitRate) }
    if let quality = settings.vbrQuality {
      context.pointee.flags |= AV_CODEC_FLAG_QSCALE
      context.pointee.global_quality = Int32((quality * Double(FF_QP2LAMBDA)).rounded())
    }
    if let level = settings.compressionLevel { context.pointee.compression_level = Int32(level) }
    if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    for (key, value) in settings.privateOptions { av_dict_set(&options, key, value, 0) }
    try check(avcodec_open2(context, codec, &options), "avcodec_open2", path: path)

    let frameSize = Int(context.pointee.frame_size)
    let variable = codec.pointee.capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE != 0
    inputFormat = EncoderInputFormat(
      sampleType: packed == AV_SAMPLE_FMT_FLT
        ? .float32 : packed == AV_SAMPLE_FMT_S16 ? .int16 : .int32(significantBits: significantBits),
      isPlanar: av_sample_fmt_is_planar(format) != 0,
      layout: settings.layout,
      frameSize: frameSize == 0 || variable ? Self.variableFrameSize : frameSize)
  }

  /// The encoder's priming: frames of delay its first packets carry (AAC: 1024).
  var primingFrames: Int64 { Int64(context!.pointee.initial_padding) }

  /// Sample formats in order of preference: float for lossy codecs, the asked-for depth otherwise;
  /// nil when the encoder takes none of the formats Segue writes.
  private static func chooseSampleFormat(codec: UnsafePointer<AVCodec>, bitDepth: Int?) -> AVSampleFormat? {
    let preferred: [AVSampleFormat] =
      switch bitDepth {
      case nil: [AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_S32P, AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S16P, AV_SAMPLE_FMT_S16]
      case 16?: [AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P, AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP]
      default: [AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P]
      }
    var supported: [AVSampleFormat] = []
    if var cursor = segue_codec_sample_formats(codec) {
      while cursor.pointee != AV_SAMPLE_FMT_NONE {
        supported.append(cursor.pointee)
        cursor += 1
      }
    }
    return supported.isEmpty ? AV_SAMPLE_FMT_FLTP : preferred.first(where: supported.contains)
  }

  /// Sets `layout` to FFmpeg's usual layout for `channelCount`, or, when the encoder does not
  /// take that one, to the first it takes with as many channels: Segue mixes channels by position,
  /// so a 4.0 mix is written as quad to libopus, which takes only quad for four channels.
  private static func chooseChannelLayout(_ layout: inout AVChannelLayout, codec: UnsafePointer<AVCodec>, channelCount: Int) {
    av_channel_layout_default(&layout, Int32(channelCount))
    guard let listed = acceptedLayouts(codec), !listed.isEmpty else { return }
    if listed.contains(where: { candidate in withUnsafePointer(to: candidate) { av_channel_layout_compare($0, &layout) == 0 } }) { return }
    guard var match = listed.first(where: { $0.nb_channels == Int32(channelCount) }) else { return }
    av_channel_layout_uninit(&layout)
    av_channel_layout_copy(&layout, &match)
  }

  /// The layouts `codec` accepts, or nil when it takes any.
  private static func acceptedLayouts(_ codec: UnsafePointer<AVCodec>) -> [AVChannelLayout]? {
    guard var cursor = segue_codec_channel_layouts(codec) else { return nil }
    var layouts: [AVChannelLayout] = []
    while cursor.pointee.nb_channels != 0 {
      layouts.append(cursor.pointee)
      cursor += 1
    }
    return layouts
  }

  /// The channel counts `codecName` takes, or nil when it takes any (or the encoder is missing).
  static func supportedChannelCounts(codecName: String) -> Set<Int>? {
    guard let codec = avcodec_find_encoder_by_name(codecName), let layouts = acceptedLayouts(codec) else { return nil }
    return Set(layouts.map { Int($0.nb_channels) })
  }

  /// The sample rates `codecName` accepts, or nil when it takes any (or the encoder is missing).
  static func supportedSampleRates(codecName: String) -> [Int]? {
    guard let codec = avcodec_find_encoder_by_name(codecName), var cursor = segue_codec_sample_rates(codec)
    else { return nil }
    var rates: [Int] = []
    while cursor.pointee != 0 {
      rates.append(Int(cursor.pointee))
      cursor += 1
    }
    return rates
  }

  /// Copies the encoder's parameters (extradata, delay, frame size) onto a muxer stream.
  func describe(into stream: UnsafeMutablePointer<AVStream>) throws(FFmpegError) {
    try check(avcodec_parameters_from_context(stream.pointee.codecpar, context), "avcodec_parameters_from_context", path: path)
    stream.pointee.time_base = context!.pointee.time_base
  }

  /// Gives `frame` a buffer of `count` sample frames in the encoder's format to fill: the one it
  /// has when the encoder holds it no longer (so the same memory, still in the cache, takes
  /// frame after frame), else a new one.
  func allocate(_ frame: Frame, count: Int) throws(FFmpegError) {
    if frame.pointer.pointee.nb_samples == Int32(count), av_frame_is_writable(frame.pointer) != 0 { return }
    frame.unref()
    frame.pointer.pointee.nb_samples = Int32(count)
    frame.pointer.pointee.format = context!.pointee.sample_fmt.rawValue
    frame.pointer.pointee.sample_rate = context!.pointee.sample_rate
    try check(av_channel_layout_copy(&frame.pointer.pointee.ch_layout, &context!.pointee.ch_layout), "av_channel_layout_copy", path: path)
    try check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer", path: path)
  }

  /// Hands a frame to the encoder, or `nil` to start draining it.
  func send(_ frame: Frame?) throws(FFmpegError) {
    try check(avcodec_send_frame(context, frame?.pointer), "avcodec_send_frame", path: path)
  }

  /// Takes the next encoded packet, in the encoder's time base, if the encoder has one.
  func receive(into packet: Packet) throws(FFmpegError) -> CodecStep {
    packet.unref()
    return try CodecStep(receiveResult: avcodec_receive_packet(context, packet.pointer), function: "avcodec_receive_packet", path: path)
  }

  /// The time base the encoder stamps its packets in.
  var timeBase: AVRational { context!.pointee.time_base }

  deinit { avcodec_free_context(&context) }
}
