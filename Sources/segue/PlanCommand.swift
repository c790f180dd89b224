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

  @OptionGroup
  var choices: MixRequestFlags

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  @Option(help: ArgumentHelp("Also draw the mix as an SVG picture into this file.", valueName: "file"))
  var svg: String?

  @Option(help: ArgumentHelp("Also write the plan as one HTML page to look at: timeline, transitions, decisions.", valueName: "file"))
  var report: String?

  @OptionGroup(title: "Tracks, tags and chapters")
  var listing: ListingFlags

  @Flag(name: [.customShort("y"), .long], help: "Replace the page, CUE sheet and tracklist if they exist.")
  var overwrite = false

  @Flag(help: "Print the tracks in harmonic order (--order harmonic) as an M3U playlist instead of the plan.")
  var suggestOrder = false

  @Flag(help: "Print the render this plan is of as a line of a batch manifest (JSON, absolute paths) instead of the plan; needs -o.")
  var emitRequest = false

  func run() throws {
    if emitRequest { return try BatchRequestLine.print(command: "plan", inputs: inputs, output: output) }
    do {
      var request = try choices.request(inputs: inputs, outputPath: output ?? "")
      (request.reportPath, request.listing, request.overwrite) = (report, try listing.options(), overwrite)
      if output == nil, request.listing.cueSheetPath != nil {
        throw ValidationError("--cue needs the output the render would write (-o FILE): the CUE sheet names it")
      }
      if suggestOrder { request.mix.harmonicOrder = true }
      if let report, let problem = MixPage.problem(path: report, overwrite: overwrite, inputs: request.inputs) { throw problem }
      let mixPlan = try Renderer.plan(request)
      let planReport = PlanReport(mixPlan)
      if suggestOrder {
        print(mixPlan.trackPlaylist, terminator: "")
        for note in mixPlan.plan.notes { StandardError.shared.writeLine("note: \(note)") }
        return
      }
      try Renderer.writeListings(of: mixPlan, request: request)
      print(json ? planReport.json() : planReport.table())
      if let svg { try TextFile.write(TimelinePicture(mixPlan).svg(), to: svg) }
      if let report { try MixPage(mixPlan).write(to: report, overwrite: overwrite) }
    } catch let error as RenderError {
      printError(error.cliMessage)
      throw ExitCode.failure
    }
  }
}
