import ArgumentParser
import Composition
import Playlists
import Rendering
import Settings

/// `segue stretch`: one file made exactly as long as asked, its pitch kept or moved with speed.
struct StretchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stretch",
    abstract: "Stretch one audio file to an exact length: to fix drift against video, fit a slot, or change tempo.",
    discussion: """
      Give one of --length, --frames, --ratio or --to-match. The length ratio R is output length ÷ input length;
      varispeed (resampling, pitch moves with speed) suits tiny corrections, preserve-pitch (Rubber Band R3) the rest;
      auto picks varispeed while the pitch moves by under 5 cents.
      """)

  @Argument(help: "The audio file to stretch.")
  var input: String

  @Option(name: .shortAndLong, help: "The file to write.")
  var output: String

  @Flag(name: [.customShort("y"), .long], help: "Replace the output file if it exists.")
  var overwrite = false

  @Option(help: ArgumentHelp("The output's length: seconds or h:mm:ss.sss.", valueName: "duration"))
  var length: TimeArgument?

  @Option(help: ArgumentHelp("The output's length in sample frames.", valueName: "N"))
  var frames: Int64?

  @Option(help: ArgumentHelp("The length ratio: output frames = round(input frames × R), 0.5 to 2.", valueName: "R"))
  var ratio: Double?

  @Option(help: ArgumentHelp("As long as this file: its video's duration when it has video, else its audio's.", valueName: "file"))
  var toMatch: String?

  @Option(help: "varispeed, preserve-pitch or auto (the default).")
  var method: StretchChoice = .auto

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Seconds of silence added at the start (positive) or of audio left out there (negative).", valueName: "seconds"))
  var offset: Double = 0

  @OptionGroup(title: "Facts cache")
  var cache: CacheFlags

  @OptionGroup(title: "Output format")
  var format: OutputFormatOptions

  @OptionGroup(title: "Encoding")
  var encoding: EncodingFlags

  func validate() throws { _ = try stretchRequest() }

  /// The stretch the options describe.
  func stretchRequest() throws -> StretchRequest {
    let targets: [StretchRequest.Target?] = [
      try length.map { .seconds(try $0.seconds("--length", longerThanZero: true)) },
      frames.map { .frames($0) },
      ratio.map { .ratio($0) },
      toMatch.map { .matching(path: $0) },
    ]
    let given = targets.compactMap { $0 }
    guard given.count == 1 else {
      let named = zip(["--length", "--frames", "--ratio", "--to-match"], targets).filter { $0.1 != nil }.map(\.0)
      throw ValidationError(
        named.isEmpty
          ? "give one of --length, --frames, --ratio or --to-match"
          : "give only one of --length, --frames, --ratio or --to-match, not \(named.joined(separator: " and "))")
    }
    let request = StretchRequest(target: given[0], method: method.method, offsetSeconds: offset)
    do throws(SettingProblem) { try request.check() } catch { throw error.usageError }
    return request
  }

  func run() throws {
    try runReporting { cancellation in
      var request = RenderRequest(inputs: [InputSource(path: input)], outputPath: output, overwrite: overwrite)
      request.output = try format.options()
      request.cache = cache.cache
      request.stretch = try stretchRequest()
      encoding.apply(to: &request)
      let report = try Renderer.render(request, cancellation: cancellation)
      print(RenderSummary(report: report).description)
    }
  }
}
