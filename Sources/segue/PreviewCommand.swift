import ArgumentParser
import FFmpegAudio
import Rendering

/// `segue preview`: hear the transitions, or a medley of the tracks' openings, in seconds.
struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Render only the transitions of a mix, or a medley of each track's opening.",
    subcommands: [Transitions.self, Snippets.self])

  /// The error for `segue preview` given inputs without saying what to preview
  /// (`segue preview dj.m3u -o x.flac`), which the parser would call an unknown option; nil when
  /// `arguments` (all of the command line's) are not that.
  static func missingSubcommand(in arguments: [String]) -> ValidationError? {
    guard arguments.first == configuration.commandName, arguments.count > 1 else { return nil }
    let next = arguments[1]
    let named = configuration.subcommands.map { $0._commandName } + ["help", "--help", "--version"]
    guard !named.contains(next) else { return nil }
    return ValidationError(
      "say what to preview: 'segue preview transitions \(arguments.dropFirst().joined(separator: " "))' or 'segue preview snippets …'; "
        + "for one stretch of the mix, 'segue render … --from 1:00 --to 2:00'")
  }

  /// `segue preview transitions`.
  struct Transitions: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render each transition with some of the mix around it: one file with pauses, or one file each.")

    @OptionGroup var common: RenderInputs

    @Option(help: ArgumentHelp("Seconds of mix before and after each transition (default \(seconds(Previews.defaultContext))).", valueName: "time"))
    var context: TimeArgument?

    @Option(help: ArgumentHelp("Seconds of silence between transitions in one file (default \(seconds(Previews.defaultPause))).", valueName: "time"))
    var pause: TimeArgument?

    @Flag(help: "Write one file per transition (OUTPUT-transition-01.ext, …).")
    var separate = false

    @Flag(help: "Print a JSON array with each written file's summary, as `render --json` prints it.")
    var json = false

    @Option(help: ArgumentHelp("Fade each preview in and out over this many seconds at its edges (0: hard cuts; default \(seconds(Previews.defaultEdgeFade))).", valueName: "time"))
    var edgeFade: TimeArgument?

    func run() throws {
      try runReporting {
        let reports = try Previews.transitions(
          try common.request(), context: try context?.seconds("--context") ?? Previews.defaultContext,
          pause: try pause?.seconds("--pause") ?? Previews.defaultPause, separateFiles: separate,
          edgeFade: try edgeFade?.seconds("--edge-fade") ?? Previews.defaultEdgeFade, cancellation: $0)
        if json { return print("[" + reports.map { RenderSummaryReport($0).json() }.joined(separator: ",\n") + "]") }
        for report in reports {
          print("Wrote \(report.outputPath): \(report.segments.count) transition\(report.segments.count == 1 ? "" : "s"), \(report.outputFrameCount) sample frames")
        }
        for note in reports.first?.allNotes ?? [] { print("Note: \(note)") }
      }
    }
  }

  /// `segue preview snippets`.
  struct Snippets: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render the first seconds of each track (from its cue-in point) as a medley with short crossfades.")

    @OptionGroup var common: RenderInputs

    @Option(help: ArgumentHelp("Seconds of each track (default \(seconds(Previews.defaultSnippetLength))).", valueName: "time"))
    var length: TimeArgument?

    @Option(help: ArgumentHelp("Crossfade between snippets, in seconds (default \(seconds(Previews.defaultSnippetFade))).", valueName: "time"))
    var fade: TimeArgument?

    @Option(help: ArgumentHelp("Fade the medley in and out over this many seconds at its ends (0: hard cuts; default \(seconds(Previews.defaultEdgeFade))).", valueName: "time"))
    var edgeFade: TimeArgument?

    @Flag(help: "Print the summary as JSON, as `render --json` prints it: the medley's plan and every decision.")
    var json = false

    func run() throws {
      try runReporting {
        let report = try Previews.snippets(
          try common.request(), length: try length?.seconds("--length") ?? Previews.defaultSnippetLength,
          fade: try fade?.seconds("--fade") ?? Previews.defaultSnippetFade,
          edgeFade: try edgeFade?.seconds("--edge-fade") ?? Previews.defaultEdgeFade, cancellation: $0)
        print(json ? RenderSummaryReport(report).json() : RenderSummary(report: report).description)
      }
    }
  }
}

/// Runs `body` with Ctrl-C wired to cancellation, printing a render error as one line per problem.
func runReporting(_ body: (RenderCancellation) throws -> Void) throws {
  let cancellation = RenderCancellation()
  let signals = InterruptHandler(cancellation: cancellation)
  defer { signals.restore() }
  do {
    try body(cancellation)
  } catch let error as RenderError {
    printError(error.cliMessage)
    if case .cancelled = error { throw ExitCode(InterruptHandler.exitCode) }
    throw ExitCode.failure
  }
}

/// A default in seconds as help shows it: `10`, `0.01`.
private func seconds(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : "\(value)" }
