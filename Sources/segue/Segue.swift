import ArgumentParser

/// The `segue` command: renders playlists into one audio file.
@main
struct Segue: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render playlists into one audio file, gapless and sample-exact.",
    version: "0.1.0",
    subcommands: [RenderCommand.self, PlanCommand.self, PreviewCommand.self, InspectCommand.self, AnalyzeCommand.self, CacheCommand.self],
    defaultSubcommand: nil)
}
