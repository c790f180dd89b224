import ArgumentParser
import Foundation
import Playlists

/// `--emit-request`: the render a `render` or `plan` command line describes, as one line of a
/// batch manifest: the inputs and output as the parser read them, and the options as typed
/// (already checked by the parser).
enum BatchRequestLine {
  /// Prints the manifest line for `inputs` into `output` with this process's options after the
  /// subcommand `command`.
  static func print(command: String, inputs: [String], output: String?) throws {
    guard let output else { throw ValidationError("--emit-request needs the output the render would write (-o FILE)") }
    guard output != "-" else { throw ValidationError("--emit-request: a batch item writes a file, not standard output (-o -)") }
    let arguments = Segue.helpRequests(in: Array(CommandLine.arguments.dropFirst()))
    let start = (arguments.firstIndex(of: command) ?? -1) + 1
    let options = self.options(in: Array(arguments[start...]))
    Swift.print(BatchManifest.line(inputs: inputs.map(absolute), output: absolute(output), options: options))
  }

  /// The request options among `render`'s `arguments`: flags on, values as typed (file values
  /// made absolute); the output, inputs and terminal options left out.
  static func options(in arguments: [String]) -> [BatchOption] {
    let byName = Dictionary(RenderVocabulary.options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let byShort = Dictionary(RenderVocabulary.options.compactMap { option in option.shortName.map { ($0, option) } }, uniquingKeysWith: { first, _ in first })
    let vocabulary = RenderVocabulary.batch
    var options: [BatchOption] = []
    var rest = arguments[...]
    while let token = rest.popFirst(), token != "--" {
      guard token.hasPrefix("-"), token.count > 1 else { continue }
      // `-yo mix.flac` is `-y -o mix.flac`; `--name=value` carries its value.
      let named: [(option: RenderVocabulary.Option?, inline: String?)]
      if token.hasPrefix("--") {
        let body = token.dropFirst(2)
        let equals = body.firstIndex(of: "=")
        named = [(byName[String(body[..<(equals ?? body.endIndex)])], equals.map { String(body[body.index(after: $0)...]) })]
      } else {
        named = token.dropFirst().map { (byShort[String($0)], nil) }
      }
      for (option, inline) in named {
        guard let option else { continue }
        if option.isFlag {
          if vocabulary.flags.contains(option.name) { options.append(BatchOption(key: option.name, value: .flag(true))) }
          continue
        }
        guard let value = inline ?? rest.popFirst(), vocabulary.valued.contains(option.name) else { continue }
        options.append(BatchOption(key: option.name, value: .text(vocabulary.paths.contains(option.name) ? absolute(value) : value)))
      }
    }
    return options
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
