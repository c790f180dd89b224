import ArgumentParser
import Foundation
import Rendering

/// The `segue` command: renders playlists into one audio file.
@main
struct Segue: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render playlists into one audio file, gapless and sample-exact.",
    discussion: "Put -- before file names that begin with '-': segue render -- -intro.wav -o mix.flac",
    version: VersionCommand.short(),
    subcommands: [
      RenderCommand.self, BatchCommand.self, StretchCommand.self, PlanCommand.self, PreviewCommand.self, InspectCommand.self, AnalyzeCommand.self, WaveformCommand.self,
      CacheCommand.self, VersionCommand.self,
    ],
    defaultSubcommand: nil,
    // Only --help, and -h standing alone (see `main`): a file named `-dash.wav` must never be
    // read as the short flags -d -a -s -h… and print the help with exit code 0.
    helpNames: [.long])

  static func main() {
    if let problem = RuntimeEnvironment.problem {
      StandardError.shared.writeLine("error: \(problem)")
      Foundation.exit(EXIT_FAILURE)
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let name = fileNamedLikeOptions(in: arguments) {
      exit(withError: ValidationError("'\(name)' is a file whose name reads as options; put -- before such names: -- \(name)"))
    }
    if let missing = PreviewCommand.missingSubcommand(in: helpRequests(in: arguments)) { exit(withError: missing) }
    main(helpRequests(in: arguments))
  }

  /// The first argument before a `--` that begins with one '-', is longer than a short flag, and
  /// names a file that exists (`-intro.wav`): the parser would read it as flags.
  static func fileNamedLikeOptions(in arguments: [String]) -> String? {
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    return arguments[..<end].first { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.count > 2 && FileManager.default.fileExists(atPath: $0) }
  }

  /// `arguments` with each `-h` before a `--` read as `--help`.
  static func helpRequests(in arguments: [String]) -> [String] {
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    return arguments[..<end].map { $0 == "-h" ? "--help" : $0 } + arguments[end...]
  }
}
