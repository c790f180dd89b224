import ArgumentParser
import FFmpegAudio
import Foundation
import Rendering

/// `segue render`: joins playlists and files into one output file.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Join the tracks of playlists and files into one audio file: gapless, crossfaded or spaced.",
    discussion: """
      Inputs are audio files and playlists (M3U/M3U8, or Segue's YAML/JSON format), in order. The
      output's format follows its extension: .wav .flac .mp3 .m4a .m4b .opus .ogg.
      """)

  @Argument(help: "Audio files and playlists (.m3u, .m3u8, .yaml, .json), in the order to play them.")
  var inputs: [String]

  @Option(name: .shortAndLong, help: "The file to write.")
  var output: String

  @Flag(name: [.customShort("y"), .long], help: "Replace the output file if it exists.")
  var overwrite = false

  @Flag(help: "Decode the written file again and fail unless its length matches the timeline.")
  var verify = false

  @OptionGroup(title: "Transitions")
  var mix: MixFlags

  @OptionGroup(title: "Part of the mix")
  var range: RangeFlags

  @OptionGroup(title: "Output format")
  var format: OutputFormatOptions

  @OptionGroup(title: "Tracks, tags and chapters")
  var listing: ListingFlags

  @Option(help: "Progress on standard error: auto (a line on a terminal), line, json, none.")
  var progress: ProgressStyle = .auto

  @Flag(help: "Show FFmpeg's own warnings.")
  var verbose = false

  func run() throws {
    if verbose { FFmpegLogLevel.warnings.apply() }
    try runReporting(quiet: !verbose) { cancellation in
      let expanded = try PlaylistExpansion.inputs(from: inputs)
      let request = RenderRequest(
        inputs: expanded.inputs, outputPath: output, output: try format.options(),
        mix: try mix.options(playlistDefaults: expanded.defaults), range: try range.timeRange(), listing: listing.options, overwrite: overwrite,
        verify: verify)
      let report = try Renderer.render(request, cancellation: cancellation, progress: ProgressPrinter(style: progress).callback)
      print(RenderSummary(report: report, trackCount: request.inputs.count))
    }
  }
}

/// Writes each line of `message` to standard error as `error: …`.
func printError(_ message: String) {
  for line in message.split(separator: "\n") {
    FileHandle.standardError.write(Data("error: \(line)\n".utf8))
  }
}
