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
      Inputs are audio files and playlists (M3U/M3U8, PLS, XSPF, CUE, or Segue's YAML/JSON), in order. \
      The output's format follows its extension: .wav .flac .mp3 .m4a .m4b .opus .ogg.
      """)

  @OptionGroup var common: RenderInputs

  @Flag(help: "Decode the written file again and fail unless its length matches the timeline.")
  var verify = false

  @OptionGroup(title: "Part of the mix")
  var range: RangeFlags

  @OptionGroup(title: "Tracks, tags and chapters")
  var listing: ListingFlags

  @Option(help: "Progress on standard error (auto: a line on a terminal).")
  var progress: ProgressStyle = .auto

  @Flag(help: "Print the summary as JSON: the output, the plan followed, and every automatic decision.")
  var json = false

  @Option(help: ArgumentHelp("Also write the mix as one HTML page to look at and listen to: timeline, transitions with snippets, decisions.", valueName: "file"))
  var report: String?

  @Option(help: ArgumentHelp("Also draw the mix as an SVG picture, with the output's loudness as it goes.", valueName: "file"))
  var svg: String?

  @Flag(help: "Show FFmpeg's own warnings.")
  var verbose = false

  @Flag(help: "Render nothing: print this render as a line of a batch manifest (JSON, absolute paths), for segue batch.")
  var emitRequest = false

  /// The render request the arguments describe.
  func request() throws -> RenderRequest {
    var request = try common.request(verify: verify)
    request.range = try range.timeRange()
    request.edgeFade = try range.edgeFadeSeconds()
    request.listing = try listing.options()
    request.reportPath = report
    request.picturePath = svg
    return request
  }

  func run() throws {
    if verbose { FFmpegLogLevel.warnings.apply() }
    if emitRequest { return try BatchRequestLine.print(command: "render", inputs: common.inputs, output: common.output) }
    try runReporting { cancellation in
      let request = try request()
      let report = try Renderer.render(request, cancellation: cancellation, progress: ProgressPrinter(style: progress).callback())
      let summary = json ? RenderSummaryReport(report).json() : RenderSummary(report: report).description
      // With -o - the audio owns standard output; the summary goes to standard error.
      if request.writesToStandardOutput { StandardError.shared.writeLine(summary) } else { print(summary) }
    }
  }
}

/// Writes each line of `message` to standard error as `error: …`.
func printError(_ message: String) {
  for line in message.split(separator: "\n") { StandardError.shared.writeLine("error: \(line)") }
}
