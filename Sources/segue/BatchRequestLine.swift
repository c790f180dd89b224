import ArgumentParser
import Foundation
import Playlists

/// `--emit-request`: the render a `render` or `plan` command line describes, as one line of a
/// batch manifest, built from the arguments as typed (already checked by the parser).
enum BatchRequestLine {
  /// Prints the manifest line for this process's arguments after the subcommand `command`.
  static func print(command: String) throws {
    let arguments = Segue.helpRequests(in: Array(CommandLine.arguments.dropFirst()))
    let start = (arguments.firstIndex(of: command) ?? -1) + 1
    Swift.print(try line(for: Array(arguments[start...])))
  }

  /// The manifest line for `render`'s `arguments`: paths made absolute, terminal options dropped.
  static func line(for arguments: [String]) throws -> String {
    let byName = Dictionary(RenderVocabulary.options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let byShort = Dictionary(RenderVocabulary.options.compactMap { option in option.shortName.map { ($0, option) } }, uniquingKeysWith: { first, _ in first })
    var inputs: [String] = []
    var output: String?
    var options: [BatchOption] = []
    var rest = arguments[...]
    while let token = rest.popFirst() {
      if token == "--" { inputs += rest; break }
      guard token.hasPrefix("-"), token.count > 1 else { inputs.append(token); continue }
      let body = token.drop { $0 == "-" }
      let (name, inline) = body.firstIndex(of: "=").map { (String(body[..<$0]), Optional(String(body[body.index(after: $0)...]))) } ?? (String(body), nil)
      guard let option = token.hasPrefix("--") ? byName[name] : byShort[name] else { continue }
      if option.isFlag {
        if RenderVocabulary.batch.flags.contains(option.name) { options.append(BatchOption(key: option.name, value: .flag(true))) }
        continue
      }
      guard let value = inline ?? rest.popFirst() else { continue }
      if option.name == "output" { output = value; continue }
      guard RenderVocabulary.batch.valued.contains(option.name) else { continue }
      options.append(BatchOption(key: option.name, value: .text(RenderVocabulary.batch.paths.contains(option.name) ? absolute(value) : value)))
    }
    guard let output else { throw ValidationError("--emit-request needs the output the render would write (-o FILE)") }
    guard output != "-" else { throw ValidationError("--emit-request: a batch item writes a file, not standard output (-o -)") }
    return BatchManifest.line(inputs: inputs.map(absolute), output: absolute(output), options: options)
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
