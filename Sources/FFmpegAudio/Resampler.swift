import CFFmpegShim

/// Owns a `SwrContext` that turns decoded frames into interleaved float at the mix's rate and layout.
///
/// A mono source played into stereo is copied to both channels at full level, as players do;
/// every other layout change uses libswresample's default matrix.
final class Resampler {
  private var context: OpaquePointer?
  private let path: String
  private let inputRate: Int32
  private let inputFormat: AVSampleFormat
  private let inputChannels: Int32
  let output: PCMLayout

  /// Sets the resampler up for frames shaped like `frame`.
  init(convertingFramesLike frame: Frame, to output: PCMLayout, path: String) throws(FFmpegError) {
    self.path = path
    self.output = output
    inputRate = frame.pointer.pointee.sample_rate
    inputFormat = frame.sampleFormat
    inputChannels = frame.pointer.pointee.ch_layout.nb_channels
    var outputLayout = AVChannelLayout()
    av_channel_layout_default(&outputLayout, Int32(output.channelCount))
    defer { av_channel_layout_uninit(&outputLayout) }
    try check(
      swr_alloc_set_opts2(
        &context, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(output.sampleRate),
        &frame.pointer.pointee.ch_layout, inputFormat, inputRate, 0, nil),
      "swr_alloc_set_opts2", path: path)
    if inputChannels == 1 && output.channelCount == 2 {
      var unity: [Double] = [1, 1]
      try check(swr_set_matrix(context, &unity, 1), "swr_set_matrix", path: path)
    }
    try check(swr_init(context), "swr_init", path: path)
  }

  /// True when `frame` has the rate, format and channel count this resampler was set up for.
  func accepts(_ frame: Frame) -> Bool {
    frame.pointer.pointee.sample_rate == inputRate && frame.sampleFormat == inputFormat
      && frame.pointer.pointee.ch_layout.nb_channels == inputChannels
  }

  /// Converts `count` sample frames of `frame` from its frame `first` on (or, with `nil`, flushes
  /// what is still buffered) into `buffer` from sample frame `offset` on, and returns how many
  /// frames it wrote.
  func convert(_ frame: Frame?, from first: Int = 0, count: Int, into buffer: SampleBuffer, at offset: Int) throws(FFmpegError) -> Int {
    let capacity = max(Int(swr_get_out_samples(context, Int32(count))), 1)
    buffer.reserve(frames: offset + capacity)
    var outputPlanes: [UnsafeMutablePointer<UInt8>?] = [
      UnsafeMutableRawPointer(buffer.storage.baseAddress! + offset * output.channelCount)
        .assumingMemoryBound(to: UInt8.self)
    ]
    let written: Int32
    if let frame {
      var inputPlanes = planes(of: frame, from: first)
      written = segue_swr_convert(context, &outputPlanes, Int32(capacity), &inputPlanes, Int32(count))
    } else {
      written = segue_swr_convert(context, &outputPlanes, Int32(capacity), nil, 0)
    }
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

  deinit { swr_free(&context) }
}
