import CFFmpegShim

/// Resamples one channel of float samples to another rate with libswresample, as a stream.
///
/// Used for compact overviews of a signal (the edges of a track for correlation), where the
/// exact length does not matter but band-limiting does: libswresample's filter keeps what lies
/// above the new rate's Nyquist frequency from folding back.
public final class MonoResampler {
  private var context: OpaquePointer?
  private var output: [Float] = []

  /// Sets up a conversion from `inputRate` to `outputRate` Hz.
  public init(from inputRate: Int, to outputRate: Int) throws(FFmpegError) {
    var monoOut = AVChannelLayout()
    var monoIn = AVChannelLayout()
    av_channel_layout_default(&monoOut, 1)
    av_channel_layout_default(&monoIn, 1)
    defer {
      av_channel_layout_uninit(&monoOut)
      av_channel_layout_uninit(&monoIn)
    }
    try check(
      swr_alloc_set_opts2(&context, &monoOut, AV_SAMPLE_FMT_FLT, Int32(outputRate), &monoIn, AV_SAMPLE_FMT_FLT, Int32(inputRate), 0, nil),
      "swr_alloc_set_opts2", path: "")
    try check(swr_init(context), "swr_init", path: "")
  }

  /// Converts `samples` (nil flushes what the filter still holds) and returns the samples ready.
  public func convert(_ samples: UnsafeBufferPointer<Float>?) throws(FFmpegError) -> ArraySlice<Float> {
    let count = samples?.count ?? 0
    let capacity = max(Int(swr_get_out_samples(context, Int32(count))), 1)
    if output.count < capacity { output = [Float](repeating: 0, count: capacity) }
    let result = output.withUnsafeMutableBytes { bytes -> Int32 in
      var outputPlanes: [UnsafeMutablePointer<UInt8>?] = [bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)]
      guard let samples, let base = samples.baseAddress else {
        return segue_swr_convert(context, &outputPlanes, Int32(capacity), nil, 0)
      }
      var inputPlanes: [UnsafePointer<UInt8>?] = [UnsafeRawPointer(base).assumingMemoryBound(to: UInt8.self)]
      return segue_swr_convert(context, &outputPlanes, Int32(capacity), &inputPlanes, Int32(count))
    }
    return output[0..<Int(try check(result, "swr_convert", path: ""))]
  }

  deinit { swr_free(&context) }
}
