import Foundation

/// A file as a batch record remembers it: its size and the hash of its bytes.
public struct FileDigest: Sendable, Codable, Equatable {
  /// The path as the batch saw it; shown in reasons, never compared (another node may mount the
  /// catalog elsewhere).
  public var path: String
  /// The file's size, in bytes.
  public var size: Int64
  /// XXH64 of the file's bytes, as 16 hex digits.
  public var hash: String

  /// The digest of the file at `path` now.
  static func of(path: String) throws -> FileDigest {
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64 ?? 0
    return FileDigest(path: path, size: size, hash: try ContentHash.of(path: path))
  }

  /// True when both describe the same bytes.
  func sameContents(as other: FileDigest) -> Bool { size == other.size && hash == other.hash }
}
