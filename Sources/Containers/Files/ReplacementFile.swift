import Foundation

/// The new version of a file, written next to it under a temporary name and renamed over it when
/// complete (synced to disk first, with the original's permissions); removed if it never is.
final class ReplacementFile<Failure: FileAccessFailure> {
  /// The file it replaces.
  let path: String
  private let newFile: AtomicFileReplacement
  private var pending: [UInt8] = []

  /// Bytes gathered before they are written, and read at a time when copying.
  private static var chunk: Int { 8 << 20 }

  init(replacing path: String) throws(Failure) {
    self.path = path
    let temporaryPath = path + ".segue-\(UUID().uuidString.prefix(8)).tmp"
    do {
      newFile = try AtomicFileReplacement(temporaryPath: temporaryPath)
    } catch {
      throw .unwritable(path: temporaryPath, reason: "the folder does not allow a new file")
    }
  }

  /// Appends `bytes`, gathering small pieces into large writes.
  func append(_ bytes: [UInt8]) throws(Failure) {
    pending += bytes
    if pending.count >= Self.chunk { try flush() }
  }

  /// Appends the bytes `start..<end` of `file`.
  func appendCopy(of file: RandomAccessFile<Failure>, from start: Int64, to end: Int64) throws(Failure) {
    var offset = start
    while offset < end {
      let bytes = try file.read(at: offset, count: Int(min(Int64(Self.chunk), end - offset)))
      guard !bytes.isEmpty else { throw .unreadable(path: file.path, reason: "the file ended early") }
      try flush()
      try write(bytes)
      offset += Int64(bytes.count)
    }
  }

  /// Finishes the file, gives it the original's permissions and renames it over the original.
  func commit() throws(Failure) {
    try flush()
    do {
      if let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: newFile.temporaryPath)
      }
    } catch {
      throw .unwritable(path: newFile.temporaryPath, reason: error.localizedDescription)
    }
    do {
      try newFile.commit(to: path, syncing: true, replacing: true)
    } catch {
      throw .unwritable(path: error.path, reason: error.reason)
    }
  }

  private func flush() throws(Failure) {
    guard !pending.isEmpty else { return }
    try write(pending)
    pending.removeAll(keepingCapacity: true)
  }

  private func write(_ bytes: [UInt8]) throws(Failure) {
    do {
      try newFile.append(bytes)
    } catch {
      throw .unwritable(path: error.path, reason: error.reason)
    }
  }
}
