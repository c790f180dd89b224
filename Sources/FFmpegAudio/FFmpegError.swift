import CFFmpegShim

/// A failed FFmpeg call: which C function, its return code, FFmpeg's message and the file involved.
///
/// "Try again" and "end of stream" are not errors; they come back as states (see `CodecStep`).
public struct FFmpegError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The C function that failed, for example `avcodec_send_packet`.
  public let function: String
  /// FFmpeg's negative return code (an `AVERROR`).
  public let code: Int32
  /// The file being read or written, if any.
  public let path: String?

  /// The error for C function `function` returning the negative `code`, on the file at `path` if any.
  public init(function: String, code: Int32, path: String? = nil) {
    self.function = function
    self.code = code
    self.path = path
  }

  /// FFmpeg's own text for `code`, as `av_strerror` gives it.
  public var message: String { Self.message(for: code) }

  /// "function: FFmpeg's message: 'path'", the path left out when there is none.
  public var description: String {
    let file = path.map { ": '\($0)'" } ?? ""
    return "\(function): \(message)\(file)"
  }

  /// True when FFmpeg says the data is not in a format it understands.
  public var isInvalidData: Bool { code == SEGUE_AVERROR_INVALIDDATA }

  /// True when the file has no stream of the kind asked for (here: no audio).
  public var isStreamNotFound: Bool { code == SEGUE_AVERROR_STREAM_NOT_FOUND }

  /// True when this FFmpeg build cannot decode the stream.
  public var isDecoderNotFound: Bool { code == SEGUE_AVERROR_DECODER_NOT_FOUND }

  /// True when a file or folder does not exist.
  public var isNotFound: Bool { code == SEGUE_AVERROR_ENOENT }

  /// FFmpeg's text for an error code (the job of the `av_err2str` macro, which Swift cannot import).
  public static func message(for code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(AV_ERROR_MAX_STRING_SIZE)) { buffer in
      _ = av_strerror(code, buffer.baseAddress, buffer.count)
      return String(cString: buffer.baseAddress!)
    }
  }
}

/// Returns `result` when it is not negative, and throws an `FFmpegError` naming `function` otherwise.
@discardableResult
func check(_ result: Int32, _ function: String, path: String? = nil) throws(FFmpegError) -> Int32 {
  if result < 0 { throw FFmpegError(function: function, code: result, path: path) }
  return result
}
