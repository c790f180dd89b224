import ArgumentParser
import Composition
import FFmpegAudio
import Foundation
import Rendering

/// `segue plan`: prints the timeline a render would follow, before anything is rendered.
struct PlanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "Print the resolved timeline of a mix: where each track starts and ends, its cue points, fades and transitions.")

  @Argument(help: "Audio files and playlists, in order.")
  var inputs: [String]

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "The file the render would write: the plan is then the render's, at the output's rate and channels (nothing is written).",
      valueName: "file"))
  var output: String?

  @OptionGroup(title: "Transitions")
  var mix: MixFlags

  @OptionGroup(title: "Loudness")
  var loudness: LoudnessFlags

  @OptionGroup(title: "Silence and cue points")
  var silence: SilenceFlags

  @OptionGroup(title: "Beat matching and bass swaps")
  var beats: BeatMatchFlags

  @OptionGroup(title: "Fitting to a length")
  var fit: FitFlags

  @OptionGroup(title: "Facts cache")
  var cache: CacheFlags

  @OptionGroup(title: "Damaged inputs")
  var tolerance: ToleranceFlags

  @Flag(help: "Plan a mix far longer than its tracks (a gap over 10 minutes, or more than twice their length plus 10 minutes).")
  var allowLong = false

  @OptionGroup(title: "Output format")
  var format: OutputFormatOptions

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  @Option(help: ArgumentHelp("Also draw the mix as an SVG picture into this file.", valueName: "file"))
  var svg: String?

  func run() throws {
    FFmpegLogLevel.quiet.apply()
    do {
      var request = try RenderRequest(
        arguments: inputs, outputPath: output ?? "", choices: try beats.choices(into: silence.choices(into: loudness.choices(into: mix.choices()))))
      request.output = try format.options()
      request.cache = cache.cache
      request.tolerate(tolerance.tolerance)
      request.allowLong = allowLong
      request.fit = try fit.request()
      let mixPlan = try Renderer.plan(request)
      let report = PlanReport(mixPlan)
      print(json ? report.json() : report.table())
      if let svg { try TextFile.write(TimelinePicture(mixPlan).svg(), to: svg) }
    } catch let error as RenderError {
      printError(error.description)
      throw ExitCode.failure
    }
  }
}
