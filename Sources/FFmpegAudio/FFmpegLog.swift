import CFFmpegShim

/// How much FFmpeg itself may print to standard error.
public enum FFmpegLogLevel: Sendable {
  /// Nothing: Segue reports every failure itself, in one line that names the file.
  case quiet
  case errors
  case warnings
  case everything

  /// Applies this level to FFmpeg's global logger.
  public func apply() {
    switch self {
    case .quiet: av_log_set_level(AV_LOG_QUIET)
    case .errors: av_log_set_level(AV_LOG_ERROR)
    case .warnings: av_log_set_level(AV_LOG_WARNING)
    case .everything: av_log_set_level(AV_LOG_VERBOSE)
    }
  }
}
