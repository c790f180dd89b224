import Foundation

/// A file written under a temporary name beside the file it is to become, and renamed into place
/// only when complete; removed if it never is.
///
/// A reader of the target sees the old file or the whole new one, never part of one. Segue's
/// three writers of whole files (a render's output, a file tagged by writing it again, a facts
/// cache entry) share this, each with its own policy: whether the temporary file is locked while
/// it is written, whether it is synced to disk before the rename, and whether it may replace a
/// file already at the target.
package final class AtomicFileReplacement {
  /// A system call that failed: its error number, and the file it was about.
  package struct Failure: Error {
    package let path: String
    package let errorNumber: Int32
    /// The system's words for the error.
    package var reason: String { String(cString: strerror(errorNumber)) }
  }

  package let temporaryPath: String
  /// The temporary file, open for writing until commit or discard.
  private var descriptor: Int32
  private let isLocked: Bool
  private var isCommitted = false

  /// Creates the temporary file at `temporaryPath`, which must not exist yet.
  ///
  /// With `unlockedPath`, the file is made there, locked (an exclusive `flock`, held until commit
  /// or discard) and only then renamed to `temporaryPath`: a sweep that removes the temporary
  /// files it can lock (those of killed writers) never meets this one unlocked.
  package init(temporaryPath: String, lockedAfterMakingAt unlockedPath: String? = nil) throws(Failure) {
    let madePath = unlockedPath ?? temporaryPath
    let descriptor = open(madePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Failure(path: madePath, errorNumber: errno) }
    if unlockedPath != nil {
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, rename(madePath, temporaryPath) == 0 else {
        let failure = Failure(path: madePath, errorNumber: errno)
        unlink(madePath)
        close(descriptor)
        throw failure
      }
    }
    self.temporaryPath = temporaryPath
    self.descriptor = descriptor
    isLocked = unlockedPath != nil
  }

  deinit { discard() }

  /// Writes all of `bytes` at the end of the file.
  package func append(_ bytes: some ContiguousBytes) throws(Failure) {
    let failed: Int32? = bytes.withUnsafeBytes { bytes in
      var written = 0
      while written < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 && errno != EINTR { return errno }
        written += max(count, 0)
      }
      return nil
    }
    if let failed { throw Failure(path: temporaryPath, errorNumber: failed) }
  }

  /// Moves the file to `target`, after syncing it to disk when `syncing`. With `replacing`, it is
  /// renamed over whatever is there; without, it is linked there, which fails (`EEXIST`) if a file
  /// appeared meanwhile, and then unlinked from its temporary name.
  ///
  /// A locked file keeps its lock until it has its new name; another is closed first, so an error
  /// closing it (a write the file system could not finish) keeps it from replacing the target.
  package func commit(to target: String, syncing: Bool, replacing: Bool) throws(Failure) {
    if syncing, fsync(descriptor) != 0 { throw Failure(path: temporaryPath, errorNumber: errno) }
    if !isLocked { try closeFile() }
    if replacing {
      guard rename(temporaryPath, target) == 0 else { throw Failure(path: target, errorNumber: errno) }
    } else {
      guard link(temporaryPath, target) == 0 else { throw Failure(path: target, errorNumber: errno) }
      unlink(temporaryPath)
    }
    isCommitted = true
    // In place now: closing only releases the lock.
    try? closeFile()
  }

  /// Removes the temporary file, unless it was committed, then closes it (releasing any lock).
  package func discard() {
    if !isCommitted { unlink(temporaryPath) }
    try? closeFile()
  }

  private func closeFile() throws(Failure) {
    guard descriptor >= 0 else { return }
    let closed = close(descriptor)
    descriptor = -1
    if closed != 0 { throw Failure(path: temporaryPath, errorNumber: errno) }
  }
}
