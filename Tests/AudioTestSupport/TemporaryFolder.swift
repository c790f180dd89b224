import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
  // @unchecked: `path` is immutable; the folder is only removed in deinit.
  public let path: String

  public init(_ name: String = "segue-test") {
    path = NSTemporaryDirectory() + "\(name)-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// A path inside the folder.
  public func file(_ name: String) -> String { "\(path)/\(name)" }

  /// The names of everything in the folder, hidden files included.
  public func contents() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
