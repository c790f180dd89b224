import Foundation
import Playlists
import Testing

/// Playlist text a parser must refuse, and the exact message it must refuse it with.
struct MalformedCase: CustomTestStringConvertible, Sendable {
  var testDescription: String
  var text: String
  var message: String
}

/// Asserts that `format` refuses `bad.text`, read as `file`, with exactly `bad.message`.
func expectRefusal(
  _ format: any PlaylistFormat.Type, _ bad: MalformedCase, file: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let error = #expect(throws: PlaylistError.self, sourceLocation: sourceLocation) { try format.parse(bad.text, file: file) }
  #expect(error?.description == bad.message, sourceLocation: sourceLocation)
}

/// A fresh folder in the temporary directory for one test's files.
struct TemporaryFolder {
  let path: String

  init() throws {
    path = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("segue-playlists-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `bytes` to `name` inside the folder and returns the file's path.
  @discardableResult
  func write(_ name: String, bytes: some Sequence<UInt8>) throws -> String {
    let file = "\(path)/\(name)"
    if name.contains("/") {
      try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  /// Writes `text` as UTF-8 to `name` inside the folder and returns the file's path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String { try write(name, bytes: Array(text.utf8)) }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}
