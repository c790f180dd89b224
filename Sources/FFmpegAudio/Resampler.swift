import CFFmpegShim
import SampleBlocks

/// Owns the `SwrContext` of every conversion Segue makes: decoded frames of any format and layout,
/// or interleaved float, into interleaved float at another rate and channel count.
///
/// Rates are converted by the SoX resampler inside libswresample, at `ResamplingQuality`'s
/// precision. Its phase carries across everything it is given, so samples fed one piece after
/// another are resampled as one signal, and libswresample keeps the ratio as an exact fraction:
/// output frame `k` lies at input time `k × inputRate ÷ outputRate` however long the stream. A
/// mono source played into stereo is copied to both channels at full level, as players do; every
/// other layout change uses libswresample's default matrix.
public final class Resampler {
  private var context: OpaquePointer?
  private let path: String
  private let inputRate: Int32
  private let inputFormat: AVSampleFormat
  private let inputChannels: Int32
  let output: PCMLayout
  /// What `convert(_:)` hands back, reused from call to call.
  private var converted: [Float] = []
  /// The type of the input's samples when the conversion changes nothing but that type (integers
  /// to floats, in the same rate and channel layout): the floats are the integers exactly, so
  /// the integers may be handed on instead. Nil for every other conversion.
  let passesIntegers: DecodedIntegers?

  /// Sets up a conversion of frames shaped like `frame` into `output`; `path` names the file in errors.
  convenience init(convertingFramesLike frame: Frame, to output: PCMLayout, quality: ResamplingQuality, path: String) throws(FFmpegError) {
    try self.init(
      from: frame.pointer.pointee.ch_layout, format: frame.sampleFormat, rate: frame.pointer.pointee.sample_rate, to: output,
      quality: quality, path: path)
  }

  /// Sets up a conversion of `channels` interleaved float channels from `inputRate` to `outputRate` Hz.
  public convenience init(channels: Int, from inputRate: Int, to outputRate: Int, quality: ResamplingQuality) throws(FFmpegError) {
    var layout = AVChannelLayout()
    av_channel_layout_default(&layout, Int32(channels))
    defer { av_channel_layout_uninit(&layout) }
    try self.init(
      from: layout, format: AV_SAMPLE_FMT_FLT, rate: Int32(inputRate), to: PCMLayout(sampleRate: outputRate, channelCount: channels),
      quality: quality, path: "")
  }

  private init(
    from inputLayout: AVChannelLayout, format: AVSampleFormat, rate: Int32, to output: PCMLayout, quality: ResamplingQuality, path: String
  ) throws(FFmpegError) {
    self.path = path
    self.output = output
    inputRate = rate
    inputFormat = format
    inputChannels = inputLayout.nb_channels
    var inputLayout = inputLayout
    var outputLayout = AVChannelLayout()
    av_channel_layout_default(&outputLayout, Int32(output.channelCount))
    defer { av_channel_layout_uninit(&outputLayout) }
    let sameLayout = av_channel_layout_compare(&inputLayout, &outputLayout) == 0
    passesIntegers = rate == Int32(output.sampleRate) && sameLayout ? DecodedIntegers(format) : nil
    try check(
      swr_alloc_set_opts2(&context, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(output.sampleRate), &inputLayout, format, rate, 0, nil),
      "swr_alloc_set_opts2", path: path)
    let options = UnsafeMutableRawPointer(context)
    try check(av_opt_set_int(options, "resampler", Int64(SWR_ENGINE_SOXR.rawValue), 0), "av_opt_set_int", path: path)
    try check(av_opt_set_double(options, "precision", Double(quality.precisionBits), 0), "av_opt_set_double", path: path)
    if inputChannels == 1 && output.channelCount == 2 {
      var unity: [Double] = [1, 1]
      try check(swr_set_matrix(context, &unity, 1), "swr_set_matrix", path: path)
    }
    try check(swr_init(context), "swr_init", path: path)
  }

  deinit { swr_free(&context) }

  /// True when `frame` has the rate, format and channel count this resampler was set up for.
  func accepts(_ frame: Frame) -> Bool {
    frame.pointer.pointee.sample_rate == inputRate && frame.sampleFormat == inputFormat
      && frame.pointer.pointee.ch_layout.nb_channels == inputChannels
  }

  /// Converts `count` sample frames of `frame` from its frame `first` on (or, with `nil`, flushes
  /// what is still buffered) into `buffer` from sample frame `offset` on, and returns how many
  /// frames it wrote.
  func convert(_ frame: Frame?, from first: Int = 0, count: Int, into buffer: SampleBuffer, at offset: Int) throws(FFmpegError) -> Int {
    buffer.reserve(frames: offset + capacity(for: count))
    var inputPlanes = frame.map { planes(of: $0, from: first) } ?? []
    return try run(&inputPlanes, count: count, into: buffer.storage.baseAddress! + offset * output.channelCount)
  }

  /// Converts interleaved float `samples` (nil flushes what the filter still holds) and returns
  /// the interleaved samples ready, valid until the next call.
  public func convert(_ samples: UnsafeBufferPointer<Float>?) throws(FFmpegError) -> ArraySlice<Float> {
    let count = (samples?.count ?? 0) / Int(inputChannels)
    let needed = capacity(for: count) * output.channelCount
    if converted.count < needed { converted = [Float](repeating: 0, count: needed) }
    var inputPlanes = samples.map { [UnsafeRawPointer($0.baseAddress).map { $0.assumingMemoryBound(to: UInt8.self) }] } ?? []
    let written = try converted.withUnsafeMutableBufferPointer { output throws(FFmpegError) in
      try run(&inputPlanes, count: count, into: output.baseAddress!)
    }
    return converted[0..<(written * output.channelCount)]
  }

  /// Output frames that `count` more input frames may bring out, with what the filter holds.
  private func capacity(for count: Int) -> Int { max(Int(swr_get_out_samples(context, Int32(count))), 1) }

  /// Runs `count` frames of `inputPlanes` (none: a flush) through the filter into `destination`,
  /// which has room for `capacity(for: count)` frames.
  private func run(_ inputPlanes: inout [UnsafePointer<UInt8>?], count: Int, into destination: UnsafeMutablePointer<Float>) throws(FFmpegError) -> Int {
    var outputPlanes: [UnsafeMutablePointer<UInt8>?] = [UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt8.self)]
    let room = Int32(capacity(for: count))
    let written =
      inputPlanes.isEmpty
      ? segue_swr_convert(context, &outputPlanes, room, nil, 0)
      : segue_swr_convert(context, &outputPlanes, room, &inputPlanes, Int32(count))
    return Int(try check(written, "swr_convert", path: path))
  }

  /// The frame's plane pointers, advanced to its sample frame `first`.
  private func planes(of frame: Frame, from first: Int) -> [UnsafePointer<UInt8>?] {
    let planar = av_sample_fmt_is_planar(inputFormat) != 0
    let bytes = Int(av_get_bytes_per_sample(inputFormat)) * (planar ? 1 : Int(inputChannels))
    return (0..<(planar ? Int(inputChannels) : 1)).map { plane in
      UnsafePointer(frame.pointer.pointee.extended_data[plane]! + first * bytes)
    }
  }
}
