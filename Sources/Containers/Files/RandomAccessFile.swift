import Foundation

/// A regular file opened for reading: its length, its bytes read by offset, and (in an extension)
/// the two ways it is changed, a few bytes overwritten in place or a new version renamed over it.
///
/// Its problems are thrown as `Failure`, the caller's own error type, so each module keeps its
/// messages.
final class RandomAccessFile<Failure: FileAccessFailure> {
  let path: String
  /// The file's length in bytes when it was opened.
  let length: Int64
  private let handle: FileHandle

  /// Opens the file at `path`; a missing file or a folder is refused, saying which.
  init(path: String) throws(Failure) {
    self.path = path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw .unreadable(path: path, reason: "there is no such file")
    }
    guard !isFolder.boolValue else { throw .unreadable(path: path, reason: "it is a folder") }
    do {
      handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      length = Int64(try handle.seekToEnd())
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
  }

  deinit { try? handle.close() }

  /// `count` bytes from `offset`, fewer only at the end of the file.
  ///
  /// Read with `pread` in one piece: Foundation's `FileHandle` reads 4 kB per system call on
  /// Linux, which made copying a file three times slower.
  func read(at offset: Int64, count: Int) throws(Failure) -> [UInt8] {
    let wanted = Int(max(0, min(Int64(count), length - offset)))
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, filled in
      filled = 0
      while filled < wanted {
        let read = pread(handle.fileDescriptor, buffer.baseAddress! + filled, wanted - filled, off_t(offset) + off_t(filled))
        if read < 0 && errno == EINTR { continue }
        if read < 0 { failure = errno }
        guard read > 0 else { return }
        filled += read
      }
    }
    guard failure == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(failure))) }
    return bytes
  }
}
