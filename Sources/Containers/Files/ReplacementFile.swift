import Foundation

/// The new version of a file, written next to it under a temporary name and renamed over it when
/// complete; removed if it never is.
final class ReplacementFile<Failure: FileAccessFailure> {
  /// The file it replaces.
  let path: String
  private let temporaryPath: String
  private let handle: FileHandle
  private var pending: [UInt8] = []
  private var isOpen = true
  private var committed = false

  /// Bytes gathered before they are written, and read at a time when copying.
  private static var chunk: Int { 8 << 20 }

  init(replacing path: String) throws(Failure) {
    self.path = path
    temporaryPath = path + ".segue-\(UUID().uuidString.prefix(8)).tmp"
    guard FileManager.default.createFile(atPath: temporaryPath, contents: nil) else {
      throw .unwritable(path: temporaryPath, reason: "the folder does not allow a new file")
    }
    do {
      handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporaryPath))
    } catch {
      try? FileManager.default.removeItem(atPath: temporaryPath)
      throw .unwritable(path: temporaryPath, reason: error.localizedDescription)
    }
  }

  deinit {
    if isOpen { try? handle.close() }
    if !committed { try? FileManager.default.removeItem(atPath: temporaryPath) }
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
      try handle.synchronize()
      isOpen = false
      try handle.close()
      if let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporaryPath)
      }
    } catch {
      throw .unwritable(path: temporaryPath, reason: error.localizedDescription)
    }
    guard rename(temporaryPath, path) == 0 else {
      throw .unwritable(path: path, reason: String(cString: strerror(errno)))
    }
    committed = true
  }

  private func flush() throws(Failure) {
    guard !pending.isEmpty else { return }
    try write(pending)
    pending.removeAll(keepingCapacity: true)
  }

  private func write(_ bytes: [UInt8]) throws(Failure) {
    do {
      try handle.write(contentsOf: bytes)
    } catch {
      throw .unwritable(path: temporaryPath, reason: error.localizedDescription)
    }
  }
}
