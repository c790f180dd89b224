import Foundation
import Yams

/// Reads a batch manifest: JSON Lines, one render request per line, or a YAML list of the same.
///
/// ```
/// {"inputs": ["albums/a/01.flac", "albums/a/02.flac"], "output": "out/a.mp3", "crossfade": 2, "loudness": -14}
/// {"inputs": ["books/b.m3u"], "output": "out/b.m4b", "chapters": true}
/// ```
///
/// Each item holds `inputs` (files, playlists or folders), `output`, and any of `render`'s
/// options under its long name without the dashes; `schemaVersion` is optional. Relative paths
/// resolve against the manifest's folder. Blank lines and lines starting with `#` are skipped.
public enum BatchManifest {
  /// The manifest format version this reader takes.
  public static let schemaVersion = 1

  /// The items of the manifest at `path`.
  public static func read(path: String, vocabulary: BatchVocabulary) throws(PlaylistError) -> [BatchItem] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "file not found"
      throw PlaylistError(file: path, message: reason)
    }
    guard let text = String(data: data, encoding: .utf8) else { throw PlaylistError(file: path, message: "not UTF-8 text") }
    return try parse(text, file: path, vocabulary: vocabulary)
  }

  /// The items of manifest `text`; `file` names it in errors and gives the folder paths resolve in.
  public static func parse(_ text: String, file: String, vocabulary: BatchVocabulary) throws(PlaylistError) -> [BatchItem] {
    let reader = BatchItemReader(file: file, folder: PathText.deletingLastComponent(file), vocabulary: vocabulary)
    let items = try isJSONLines(text) ? jsonLines(text, reader: reader) : yamlList(text, reader: reader)
    guard !items.isEmpty else { throw PlaylistError(file: file, message: "the manifest holds no items") }
    try refuseSharedOutputs(items, file: file)
    return items
  }

  /// Refuses two items that write one file: each would render again on every run, over the other.
  private static func refuseSharedOutputs(_ items: [BatchItem], file: String) throws(PlaylistError) {
    var writers: [String: BatchItem] = [:]
    for item in items {
      for output in [item.output] + item.sideOutputs {
        let key = URL(fileURLWithPath: output).standardizedFileURL.path
        if let first = writers[key] {
          throw PlaylistError(
            file: file, location: item.location, message: "\(output) is also written by the item on line \(first.location.line); each item needs files of its own")
        }
        writers[key] = item
      }
    }
  }

  /// True when the first thing in `text` is a JSON object: one item per line follows.
  private static func isJSONLines(_ text: String) -> Bool {
    let meaningful = lines(of: text).lazy.map { $0.drop(while: \.isWhitespace) }
    return meaningful.first { !$0.isEmpty && !$0.hasPrefix("#") }?.first == "{"
  }

  private static func jsonLines(_ text: String, reader: BatchItemReader) throws(PlaylistError) -> [BatchItem] {
    var items: [BatchItem] = []
    for (offset, line) in lines(of: text).enumerated() {
      let content = line.trimmingCharacters(in: .whitespacesAndNewlines)
      if content.isEmpty || content.hasPrefix("#") { continue }
      let number = offset + 1
      let node: Node?
      do { node = try Yams.compose(yaml: escapingLineBreaks(content)) } catch {
        // libyaml refuses some valid JSON (surrogate-pair escapes such as Python writes); such a
        // line is read by Foundation's JSON parser and written again without them.
        guard let object = try? JSONSerialization.jsonObject(with: Data(content.utf8)), JSONSerialization.isValidJSONObject(object),
          let plain = try? JSONSerialization.data(withJSONObject: object), let again = try? Yams.compose(yaml: String(decoding: plain, as: UTF8.self))
        else {
          throw PlaylistError(file: reader.file, location: reader.location(line: number), message: "not a JSON object: \(error)")
        }
        node = again
      }
      guard let node, node.mapping != nil else {
        throw PlaylistError(file: reader.file, location: reader.location(line: number), message: "each line must be one JSON object")
      }
      items.append(try reader.item(node, index: items.count, line: number))
    }
    return items
  }

  /// `line` with the Unicode line and paragraph separators JSON lets stand raw in a string
  /// written as escapes, the same string to JSON, which YAML would otherwise fold into spaces.
  /// (libyaml turns NEL, U+0085, into a line feed either way.)
  private static func escapingLineBreaks(_ line: String) -> String {
    var escaped = ""
    for scalar in line.unicodeScalars {
      switch scalar.value {
      case 0x2028, 0x2029: escaped += String(format: "\\u%04x", scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `text`'s lines, ended by LF or CRLF only: the other Unicode line breaks may stand
  /// unescaped inside a JSON string.
  private static func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
  }

  private static func yamlList(_ text: String, reader: BatchItemReader) throws(PlaylistError) -> [BatchItem] {
    let root: Node?
    do { root = try Yams.compose(yaml: text) } catch let YamlError.scanner(_, problem, mark, _), let YamlError.parser(_, problem, mark, _) {
      throw PlaylistError(file: reader.file, location: reader.location(line: mark.line), message: "not valid YAML: \(problem)")
    } catch {
      throw PlaylistError(file: reader.file, message: "not valid YAML: \(error)")
    }
    guard let root else { return [] }
    guard let list = root.sequence else {
      throw PlaylistError(file: reader.file, message: "a manifest is JSON Lines (one object per line) or a YAML list of items")
    }
    var items: [BatchItem] = []
    for node in list { items.append(try reader.item(node, index: items.count, line: node.mark?.line ?? 1)) }
    return items
  }
}

extension BatchManifest {
  /// One manifest line for a request: `inputs`, `output` and `options`, keys sorted; a value
  /// written as a JSON number where the number reads back as the same text (`2.5`, `-14`; not
  /// `1.10`, a title perhaps), else as text.
  public static func line(inputs: [String], output: String, options: [BatchOption]) -> String {
    var fields: [String: ManifestValue] = ["inputs": .list(inputs), "output": .text(output)]
    for option in options {
      switch option.value {
      case .flag(let on): fields[option.key] = .flag(on)
      case .text(let text): fields[option.key] = Decimal(string: text).map { "\($0)" == text } == true ? .number(text) : .text(text)
      }
    }
    return ManifestValue.json(fields)
  }
}

/// A value of a manifest line, as Segue writes one (`--emit-request`, and the canonical text an
/// output's record hashes).
enum ManifestValue: Encodable {
  case text(String)
  /// A number's text, already checked to read as a JSON number.
  case number(String)
  case flag(Bool)
  case list([String])

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .text(let text): try container.encode(text)
    case .number(let text): try container.encode(Decimal(string: text) ?? 0)
    case .flag(let on): try container.encode(on)
    case .list(let list): try container.encode(list)
    }
  }

  /// `fields` as one line of JSON, keys sorted, slashes as they are.
  static func json(_ fields: [String: ManifestValue]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
