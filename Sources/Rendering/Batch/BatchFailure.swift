import Foundation

extension RenderError {
  /// How a batch should treat this failure: retryable when the system refused (a full disk, an
  /// I/O error, a stale network handle, writing the output), cancelled when a signal stopped it,
  /// else permanent (an input that cannot be read among them: its problem carries no errno).
  var failureClass: BatchResult.FailureClass {
    switch self {
    case .cancelled: return .cancelled
    case .output(_, .writeFailed(_, let errorNumber?)) where Self.transientErrors.contains(errorNumber): return .retryable
    case .output(_, .notWritable(_, _, let errorNumber?)) where Self.transientErrors.contains(errorNumber): return .retryable
    case .several(let errors): return errors.allSatisfy { $0.failureClass == .retryable } ? .retryable : .permanent
    default: return .permanent
    }
  }

  /// The `errno` values that say the system, not the request, failed.
  static let transientErrors: Set<Int32> = [
    ENOSPC, EDQUOT, EIO, ESTALE, ETIMEDOUT, EAGAIN, EBUSY, ENOMEM, EMFILE, ENFILE, EINTR, ENETDOWN, ENETUNREACH, EHOSTUNREACH,
    ECONNRESET, ENOLCK,
  ]
}

extension BatchResult.FailureClass {
  /// The class of a failure reading or writing a batch's own files (the record, a digest).
  init(systemError error: any Error) {
    self = systemErrorNumber(of: error).map(RenderError.transientErrors.contains) == true ? .retryable : .permanent
  }
}

/// A batch's exit status from its items' results: 0 when all are done, 1 when any failed for
/// good, 75 (`EX_TEMPFAIL`) when every failure may succeed on a retry.
public enum BatchExitStatus {
  /// The status when every failure may succeed on a retry: 75, `EX_TEMPFAIL` in `sysexits.h`.
  public static let retryLater: Int32 = 75

  /// The exit status for a batch with these results: 0, 1 or `retryLater`.
  public static func of(_ results: [BatchResult]) -> Int32 {
    let failures = results.compactMap(\.errorClass)
    if failures.isEmpty { return 0 }
    return failures.allSatisfy({ $0 == .retryable }) ? retryLater : 1
  }
}
