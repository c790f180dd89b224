import Foundation

/// What identifies a file's contents without reading all of it: size, times, inode and a hash of
/// its first and last 64 KiB. Any edit, touch or replacement changes it. The device number is left
/// out: nodes mounting one network file system see the same file under different ones.
public struct FileKey: Sendable, Codable, Equatable {
  /// The file's size, in bytes.
  public var size: Int64
  /// When the contents last changed (`st_mtim`), in nanoseconds since the Unix epoch.
  public var modified: Int64
  /// When the contents or the file's status last changed (`st_ctim`), in nanoseconds since the Unix epoch.
  public var changed: Int64
  /// The file's inode number, which a replacement under the same name changes.
  public var inode: UInt64
  /// The 64-bit FNV-1a hash of the file's first and last 64 KiB (the whole file when smaller).
  public var edgeHash: UInt64

  /// How much of each end of the file is hashed.
  static let hashedBytes = 64 * 1024

  /// The key of the file at `path` now, or nil when it cannot be read.
  public static func of(path: String) -> FileKey? {
    var status = stat()
    guard stat(path, &status) == 0, let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let size = Int64(status.st_size)
    var hash = FNV1a()
    guard let head = try? handle.read(upToCount: hashedBytes) else { return nil }
    hash.add(words: head)
    if size > Int64(hashedBytes) {
      guard (try? handle.seek(toOffset: UInt64(max(Int64(hashedBytes), size - Int64(hashedBytes))))) != nil,
        let tail = try? handle.read(upToCount: hashedBytes)
      else { return nil }
      hash.add(words: tail)
    }
    return FileKey(
      size: size, modified: nanoseconds(status.st_mtim), changed: nanoseconds(status.st_ctim), inode: UInt64(status.st_ino), edgeHash: hash.value)
  }

  private static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
}

/// The 64-bit FNV-1a hash: a change detector, not a defence against tampering.
struct FNV1a {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0100_0000_01b3 }
  }

  /// Adds `data` eight bytes at a step (little-endian words, the last few bytes one by one): the
  /// same mixing over a quarter of the steps, since the file keys of a long playlist hash 128 KiB
  /// each and a step costs a multiply's latency.
  mutating func add(words data: Data) {
    data.withUnsafeBytes { bytes in
      let whole = bytes.count / 8 * 8
      for offset in stride(from: 0, to: whole, by: 8) {
        value = (value ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* 0x0100_0000_01b3
      }
      add(UnsafeRawBufferPointer(rebasing: bytes[whole...]))
    }
  }
}
