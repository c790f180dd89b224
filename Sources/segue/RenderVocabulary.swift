import Foundation
import Playlists

/// `render`'s options as a batch manifest names them, read from the command's own definition, so
/// a manifest takes every option `render` takes, and only those.
enum RenderVocabulary {
  /// The keys an item may hold, with the options that are not part of a request refused.
  static let batch: BatchVocabulary = {
    var flags = Set<String>()
    var valued = Set<String>()
    var paths = Set<String>()
    for option in options {
      if option.isFlag { flags.insert(option.name) } else { valued.insert(option.name) }
      if option.valueName == "file" { paths.insert(option.name) }
    }
    return BatchVocabulary(flags: flags, valued: valued.subtracting(["output"]), paths: paths, refused: refused)
  }()

  /// Options that shape the terminal or the command, not the render, and why.
  static let refused: [String: String] = [
    "progress": "it shapes the terminal; give --progress to segue batch",
    "json": "it shapes the terminal; the batch's results are JSON lines (--results)",
    "verbose": "it shapes the terminal; give --verbose to segue batch",
    "emit-request": "it prints a request instead of rendering one",
    "overwrite": "the batch replaces only outputs it wrote itself, or any with segue batch --force",
    "help": "it shapes the terminal", "version": "it shapes the terminal",
  ]

  /// One of `render`'s options: its long name, whether it is a flag, and its value's name.
  struct Option {
    var name: String
    var isFlag: Bool
    var valueName: String?
    var shortName: String?
  }

  /// `render`'s named options, from ArgumentParser's description of the command.
  static let options: [Option] = {
    guard let data = RenderCommand._dumpHelp().data(using: .utf8),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let command = root["command"] as? [String: Any], let arguments = command["arguments"] as? [[String: Any]]
    else { return [] }
    return arguments.compactMap { argument in
      let names = argument["names"] as? [[String: String]] ?? []
      guard let long = names.first(where: { $0["kind"] == "long" })?["name"] else { return nil }
      return Option(
        name: long, isFlag: argument["kind"] as? String == "flag", valueName: argument["valueName"] as? String,
        shortName: names.first(where: { $0["kind"] == "short" })?["name"])
    }
  }()
}
