/// File paths taken apart as text, byte-safe: Foundation's `NSString` path methods trap on some
/// names (a non-ASCII letter between doubled slashes, `//é//`), and a name in a playlist is input.
public enum PathText {
  /// The last component, trailing slashes ignored: `a/b.flac` → `b.flac`; `/` for slashes alone.
  public static func lastComponent(_ path: String) -> String {
    let parts = path.split(separator: "/")
    guard let last = parts.last else { return path.isEmpty ? "" : "/" }
    return String(last)
  }

  /// The path without its last component: `a/b.flac` → `a`, `/b.flac` → `/`, `b.flac` → ``.
  public static func deletingLastComponent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = trimmed[..<slash]
    return folder.isEmpty ? "/" : String(folder)
  }

  /// A file name without its extension: `b.flac` → `b`; a leading dot is not an extension.
  public static func deletingExtension(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// The extension of the path's last component, in lower case; empty when it has none.
  public static func fileExtension(_ path: String) -> String {
    let name = lastComponent(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }

  /// The file name without folder or extension: `a/01 one.flac` → `01 one`.
  public static func stem(_ path: String) -> String { deletingExtension(lastComponent(path)) }

  /// `name` inside `folder`.
  public static func appending(_ name: String, to folder: String) -> String {
    folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
