import CFFmpegShim

/// Resamples interleaved float samples to another rate with libswresample, as one continuous
/// stream: whatever is fed in, one piece after another, is resampled as if it were one signal.
///
/// Its phase carries across everything it is given, so tracks fed one after another join with
/// no fractional-sample jump. libswresample works with an exact rational ratio, so output frame
/// `k` lies at input time `k × inputRate ÷ outputRate` exactly.
public final class FloatResampler {
  private var context: OpaquePointer?
  private var output: [Float] = []
  private let channels: Int

  /// Sets up a conversion of `channels` interleaved channels from `inputRate` to `outputRate` Hz,
  /// by libswresample's own filter, or with `soxr` by the SoX resampler (the highest quality
  /// libswresample offers: aliasing and noise under -120 dB, at any ratio of the two rates).
  public init(channels: Int, from inputRate: Int, to outputRate: Int, soxr: Bool = false) throws(FFmpegError) {
    self.channels = channels
    var outLayout = AVChannelLayout()
    var inLayout = AVChannelLayout()
    av_channel_layout_default(&outLayout, Int32(channels))
    av_channel_layout_default(&inLayout, Int32(channels))
    defer {
      av_channel_layout_uninit(&outLayout)
      av_channel_layout_uninit(&inLayout)
    }
    try check(
      swr_alloc_set_opts2(&context, &outLayout, AV_SAMPLE_FMT_FLT, Int32(outputRate), &inLayout, AV_SAMPLE_FMT_FLT, Int32(inputRate), 0, nil),
      "swr_alloc_set_opts2", path: "")
    if soxr { try check(av_opt_set_int(UnsafeMutableRawPointer(context), "resampler", Int64(SWR_ENGINE_SOXR.rawValue), 0), "av_opt_set_int", path: "") }
    try check(swr_init(context), "swr_init", path: "")
  }

  /// Converts interleaved `samples` (nil flushes what the filter still holds) and returns the
  /// interleaved samples ready, valid until the next call.
  public func convert(_ samples: UnsafeBufferPointer<Float>?) throws(FFmpegError) -> ArraySlice<Float> {
    let count = (samples?.count ?? 0) / channels
    let capacity = max(Int(swr_get_out_samples(context, Int32(count))), 1)
    if output.count < capacity * channels { output = [Float](repeating: 0, count: capacity * channels) }
    let result = output.withUnsafeMutableBytes { bytes -> Int32 in
      var outputPlanes: [UnsafeMutablePointer<UInt8>?] = [bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)]
      guard let samples, let base = samples.baseAddress else {
        return segue_swr_convert(context, &outputPlanes, Int32(capacity), nil, 0)
      }
      var inputPlanes: [UnsafePointer<UInt8>?] = [UnsafeRawPointer(base).assumingMemoryBound(to: UInt8.self)]
      return segue_swr_convert(context, &outputPlanes, Int32(capacity), &inputPlanes, Int32(count))
    }
    return output[0..<(Int(try check(result, "swr_convert", path: "")) * channels)]
  }

  deinit { swr_free(&context) }
}
