import Foundation

/// Writing the text files that go beside a render: cue sheets, tracklists, pictures of the mix.
public enum TextFile {
  /// Writes `text` as UTF-8 to `path`, replacing it whole; a failure names the file.
  public static func write(_ text: String, to path: String) throws(RenderError) {
    do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
      throw .output(path: path, Renderer.writeFailure(error))
    }
  }
}
