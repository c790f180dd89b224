import CFFmpegShim

/// What a decoder or encoder did when asked for output: produced some, needs input, or is done.
///
/// FFmpeg reports the last two as `AVERROR(EAGAIN)` and `AVERROR_EOF`; they are states, not errors.
enum CodecStep: Equatable {
  case produced
  case needsInput
  case finished
}

extension CodecStep {
  /// Maps the return code of `avcodec_receive_frame`/`avcodec_receive_packet` onto a step.
  init(receiveResult result: Int32, function: String, path: String?) throws(FFmpegError) {
    switch result {
    case 0: self = .produced
    case SEGUE_AVERROR_EAGAIN: self = .needsInput
    case SEGUE_AVERROR_EOF: self = .finished
    default: throw FFmpegError(function: function, code: result, path: path)
    }
  }
}
