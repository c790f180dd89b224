import CFFmpegShim
import Synchronization

/// How much FFmpeg itself may print to standard error.
///
/// FFmpeg prints nothing unless a level is applied: Segue reports every failure itself, in one
/// line that names the file, so a library user, like the command line, sees no FFmpeg log by
/// default (`applyDefault()`, called before FFmpeg opens anything).
public enum FFmpegLogLevel: Sendable {
  /// Nothing: Segue reports every failure itself, in one line that names the file.
  case quiet
  /// FFmpeg's errors only (`AV_LOG_ERROR`, fatal errors and panics included).
  case errors
  /// Errors and warnings (`AV_LOG_WARNING`); what `--verbose` applies on the command line.
  case warnings
  /// Everything up to FFmpeg's verbose level (`AV_LOG_VERBOSE`): errors, warnings, notes and details, but not debug output.
  case everything

  /// Applies this level to FFmpeg's global logger, from now on.
  public func apply() {
    Self.chosen.store(true, ordering: .relaxed)
    av_log_set_level(level)
  }

  /// Quiets FFmpeg once, unless a level was applied before.
  static func applyDefault() { _ = quietUnlessChosen }

  private var level: Int32 {
    switch self {
    case .quiet: AV_LOG_QUIET
    case .errors: AV_LOG_ERROR
    case .warnings: AV_LOG_WARNING
    case .everything: AV_LOG_VERBOSE
    }
  }

  /// True once a level was applied.
  private static let chosen = Atomic<Bool>(false)
  private static let quietUnlessChosen: Void = {
    if !chosen.load(ordering: .relaxed) { av_log_set_level(AV_LOG_QUIET) }
  }()
}
