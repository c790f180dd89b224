import Foundation
import Yams

/// Reads one manifest item from its YAML (or JSON) mapping, checking every key and value.
struct BatchItemReader {
  let file: String
  /// The manifest's folder, which relative paths resolve in ("" for the working folder).
  let folder: String
  let vocabulary: BatchVocabulary

  func location(line: Int) -> PlaylistLocation { PlaylistLocation(file: file, line: line, column: nil) }

  func item(_ node: Node, index: Int, line: Int) throws(PlaylistError) -> BatchItem {
    let at = location(line: line)
    guard let mapping = node.mapping else { throw PlaylistError(file: file, location: at, message: "an item must be a mapping of keys to values") }
    var inputs: [String]?
    var output: String?
    var options: [BatchOption] = []
    var written: [String: ManifestValue] = [:]
    for (keyNode, value) in mapping {
      let key = keyNode.string ?? ""
      guard written[key] == nil, !options.contains(where: { $0.key == key }) else { throw problem(at, "'\(key)' is given twice") }
      switch key {
      case "schemaVersion":
        guard value.scalar?.string == String(BatchManifest.schemaVersion) else {
          throw problem(at, "unknown schemaVersion '\(value.string ?? "?")' (this Segue reads \(BatchManifest.schemaVersion))")
        }
      case "inputs":
        let list = try paths(value, at)
        inputs = list.map(resolved)
        written[key] = .list(list)
      case "output":
        let text = try self.text(value, key: key, at)
        guard text != "-" else { throw problem(at, "'output' must be a file: a batch item cannot write to standard output") }
        output = resolved(text)
        written[key] = .text(text)
      default:
        let (option, asWritten) = try self.option(key, value, at)
        options.append(option)
        // The canonical text holds paths as written, and leaves out flags left off (as if absent).
        if let asWritten { written[key] = asWritten }
      }
    }
    guard let inputs else { throw problem(at, "the item has no 'inputs' (files, playlists or folders)") }
    guard let output else { throw problem(at, "the item has no 'output' (the file to write)") }
    options.sort { $0.key < $1.key }
    let sideOutputs = options.compactMap { option -> String? in
      guard vocabulary.writtenPaths.contains(option.key), case .text(let path) = option.value else { return nil }
      return path
    }
    return BatchItem(
      index: index, location: at, inputs: inputs, output: output, options: options, sideOutputs: sideOutputs,
      canonicalText: ManifestValue.json(written))
  }

  /// An option and its value as the canonical text holds it (nil for a flag left off).
  private func option(_ key: String, _ value: Node, _ at: PlaylistLocation) throws(PlaylistError) -> (BatchOption, ManifestValue?) {
    if let reason = vocabulary.refused[key] { throw problem(at, "'\(key)' is not a request key: \(reason)") }
    if vocabulary.flags.contains(key) {
      switch value.scalar?.string.lowercased() {
      case "true", "yes": return (BatchOption(key: key, value: .flag(true)), .flag(true))
      case "false", "no": return (BatchOption(key: key, value: .flag(false)), nil)
      default: throw problem(at, "'\(key)' is on or off: true or false, not '\(value.string ?? "a list")'")
      }
    }
    guard vocabulary.valued.contains(key) else {
      let hint = Self.nearest(to: key, in: vocabulary.allKeys).map { " (did you mean '\($0)'?)" } ?? ""
      throw problem(at, "unknown key '\(key)'\(hint)")
    }
    let text = try self.text(value, key: key, at)
    return (BatchOption(key: key, value: .text(vocabulary.paths.contains(key) ? resolved(text) : text)), .text(text))
  }

  /// A scalar's text as written; a list, a mapping or null is refused.
  private func text(_ node: Node, key: String, _ at: PlaylistLocation) throws(PlaylistError) -> String {
    guard let scalar = node.scalar, !(scalar.style == .plain && ["", "~", "null"].contains(scalar.string)) else {
      throw problem(at, "'\(key)' needs one value")
    }
    return scalar.string
  }

  /// `inputs`: a list of paths, or one path.
  private func paths(_ node: Node, _ at: PlaylistLocation) throws(PlaylistError) -> [String] {
    var list: [String] = []
    if let sequence = node.sequence {
      for item in sequence { list.append(try text(item, key: "inputs", at)) }
    } else {
      list = [try text(node, key: "inputs", at)]
    }
    guard !list.isEmpty else { throw problem(at, "'inputs' is empty: name at least one file, playlist or folder") }
    if list.contains("-") { throw problem(at, "'inputs' cannot read standard input ('-') in a batch") }
    return list
  }

  private func resolved(_ path: String) -> String {
    if path.hasPrefix("/") || folder.isEmpty { return path }
    return folder.hasSuffix("/") ? folder + path : "\(folder)/\(path)"
  }

  private func problem(_ at: PlaylistLocation, _ message: String) -> PlaylistError {
    PlaylistError(file: file, location: at, message: message)
  }

  /// The known key nearest `key`, when it is at most two edits away: the likely typo.
  private static func nearest(to key: String, in keys: [String]) -> String? {
    keys.map { ($0, editDistance(key, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
  }

  private static func editDistance(_ a: String, _ b: String) -> Int {
    let (a, b) = (Array(a), Array(b))
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
