import Foundation

/// An item held by one process while it is checked and rendered (`OUTPUT.segue.lock`, locked with
/// `flock` and removed when done): two runs of one item (a resubmitted array, a pod replaced while
/// the old one still stops) never render it at once.
final class BatchItemLock {
  private let path: String
  private let descriptor: Int32

  /// Takes the lock beside `output`; nil when another process holds it.
  init?(output: String) throws {
    path = output + ".segue.lock"
    while true {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let code = errno
        close(descriptor)
        if code == EWOULDBLOCK { return nil }
        throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
      }
      // The holder before us may have removed the file between our open and our lock: the lock
      // counts only on the file that is at the path now.
      var held = stat()
      var named = stat()
      if fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
        self.descriptor = descriptor
        return
      }
      close(descriptor)
    }
  }

  deinit {
    unlink(path)
    close(descriptor)
  }
}
