import Foundation
import Playlists

/// `render`'s options as a batch manifest names them, read from the command's own definition, so
/// a manifest takes every option `render` takes, and only those.
enum RenderVocabulary {
  /// The keys an item may hold, with the options that are not part of a request refused.
  static let batch: BatchVocabulary = {
    let names = Set(options.map(\.name))
    precondition(readPaths.union(writtenPaths).isSubset(of: names), "render's options are not what the batch vocabulary names: \(names)")
    let flags = Set(options.filter(\.isFlag).map(\.name))
    return BatchVocabulary(
      flags: flags, valued: names.subtracting(flags).subtracting(["output"]), paths: readPaths, writtenPaths: writtenPaths, refused: refused)
  }()

  /// `render`'s options that name a file it reads, and those that name a file it writes.
  static let readPaths: Set<String> = ["cover"]
  static let writtenPaths: Set<String> = ["cue", "tracklist", "report", "svg"]

  /// Options that shape the terminal or the command, not the render, and why.
  static let refused: [String: String] = [
    "progress": "it shapes the terminal; give --progress to segue batch",
    "json": "it shapes the terminal; the batch's results are JSON lines (--results)",
    "verbose": "it shapes the terminal; give --verbose to segue batch",
    "emit-request": "it prints a request instead of rendering one",
    "overwrite": "the batch replaces only outputs it wrote itself, or any with segue batch --force",
    "help": "it shapes the terminal", "version": "it shapes the terminal",
  ]

  /// One of `render`'s options: its long name, whether it is a flag, and its short name.
  struct Option {
    var name: String
    var isFlag: Bool
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
      return Option(name: long, isFlag: argument["kind"] as? String == "flag", shortName: names.first(where: { $0["kind"] == "short" })?["name"])
    }
  }()
}
