import FFmpegAudio

/// Stretches audio by resampling, as tape does: pitch moves with speed. For tiny corrections (a
/// 0.013 % change moves pitch by 0.23 cents, far below hearing) it is transparent and exact.
///
/// The SoX resampler (through libswresample) converts between two rates whose ratio is the length
/// ratio itself, the input's and the output's frame counts (reduced), so output frame `k` lies at
/// input time `k × inputFrames ÷ outputFrames` with no drift however long the audio.
public final class Varispeed {
  private let resampler: Resampler

  /// Stretches `inputFrames` frames of `channels` interleaved channels into `outputFrames`, at
  /// `quality`.
  public init(channels: Int, inputFrames: Int64, outputFrames: Int64, quality: ResamplingQuality) throws(FFmpegError) {
    let rates = Self.rates(inputFrames, outputFrames)
    resampler = try Resampler(channels: channels, from: rates.input, to: rates.output, quality: quality)
  }

  /// Resamples the next interleaved samples (nil flushes) and returns what is ready.
  public func process(_ samples: UnsafeBufferPointer<Float>?) throws(FFmpegError) -> ArraySlice<Float> {
    try resampler.convert(samples)
  }

  /// Two rates libswresample takes (at most 2^31 - 1) in the ratio of `input` to `output`: the
  /// frame counts over their greatest common divisor, halved together (a relative error under
  /// 1e-9) only where they are still too large.
  static func rates(_ input: Int64, _ output: Int64) -> (input: Int, output: Int) {
    var (a, b) = (input, output)
    while b != 0 { (a, b) = (b, a % b) }
    var rates = (input: input / max(1, a), output: output / max(1, a))
    while max(rates.input, rates.output) > Int64(Int32.max) {
      rates = ((rates.input + 1) / 2, (rates.output + 1) / 2)
    }
    return (Int(max(1, rates.input)), Int(max(1, rates.output)))
  }
}
