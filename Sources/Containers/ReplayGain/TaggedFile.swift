import Foundation

/// The file whose tags change: its bytes read by offset, and the two ways it is changed, a few
/// bytes overwritten in place or a new version written next to it.
final class TaggedFile {
  let path: String
  let length: Int64
  private let handle: FileHandle

  init(path: String) throws(ReplayGainTagError) {
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
  /// Read with `pread` in one piece: Foundation's `FileHandle` reads a few kilobytes per system
  /// call on Linux, which made copying a file three times slower.
  func read(at offset: Int64, count: Int) throws(ReplayGainTagError) -> [UInt8] {
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

  /// Exactly `count` bytes from `offset`; a file that ends first is damaged, as `what` says.
  func readWhole(at offset: Int64, count: Int, _ what: @autoclosure () -> String) throws(ReplayGainTagError)
    -> [UInt8]
  {
    let bytes = try read(at: offset, count: count)
    guard bytes.count == count else { throw .damaged(path: path, reason: what()) }
    return bytes
  }

  /// Writes `bytes` over the file's own from `offset`, leaving its length as it is.
  func overwrite(at offset: Int64, with bytes: [UInt8]) throws(ReplayGainTagError) {
    do {
      let output = try FileHandle(forUpdating: URL(fileURLWithPath: path))
      defer { try? output.close() }
      try output.seek(toOffset: UInt64(offset))
      try output.write(contentsOf: bytes)
      try output.synchronize()
    } catch {
      throw .unwritable(path: path, reason: error.localizedDescription)
    }
  }

  /// Writes the file again next to itself as `head` followed by its own bytes from `offset` on,
  /// then renames it over the original.
  func replaceHead(upTo offset: Int64, with head: [UInt8]) throws(ReplayGainTagError) {
    try rewrite { output throws(ReplayGainTagError) in
      try output.append(head)
      try output.appendCopy(of: self, from: offset, to: length)
    }
  }

  /// Writes the file again next to itself through `write`, then renames it over the original; on
  /// any error the original stays and the new file is removed.
  func rewrite(_ write: (ReplacementFile) throws(ReplayGainTagError) -> Void) throws(ReplayGainTagError) {
    let output = try ReplacementFile(replacing: path)
    try write(output)
    try output.commit()
  }
}
