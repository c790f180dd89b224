import Foundation

/// Finds the `segue` executable (or an example's) that `swift build` put beside the test bundle.
///
/// Like swift-argument-parser's `AssertExecuteCommand`, this looks in the folder that holds the
/// test bundle (`.build/debug`, or whichever scratch path built the tests), where SwiftPM writes
/// every executable product.
enum SegueExecutable {
  /// The executable's location, or an error naming every folder searched.
  static func url(named name: String = "segue") throws -> URL {
    let folders = candidateFolders()
    for folder in folders {
      let candidate = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw NotBuilt(name: name, searched: folders.map(\.path))
  }

  /// The products folder as the test bundle, the test runner and `argv[0]` each suggest it.
  private static func candidateFolders() -> [URL] {
    let hints = [
      Bundle(for: BundleMarker.self).bundleURL, Bundle.main.bundleURL, Bundle.main.executableURL,
      URL(fileURLWithPath: CommandLine.arguments[0]),
    ]
    return hints.compactMap { $0.map(productsFolder(holding:)) }
  }

  /// `debug/` for `debug/SeguePackageTests.xctest` (a file on Linux, a bundle on macOS) or `debug/runner`.
  private static func productsFolder(holding url: URL) -> URL {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
    return url.pathExtension == "xctest" || (exists && !isFolder.boolValue) ? url.deletingLastPathComponent() : url
  }

  /// The executable was not found.
  struct NotBuilt: Error, CustomStringConvertible {
    var name: String
    var searched: [String]
    var description: String { "no \(name) executable in \(searched); run `swift build` first" }
  }
}

/// A class in the test bundle, so `Bundle(for:)` finds the bundle.
private final class BundleMarker {}
