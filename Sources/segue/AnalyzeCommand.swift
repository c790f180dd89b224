import ArgumentParser
import FFmpegAudio
import Rendering

/// `segue analyze`: loudness, peaks and silences of every input, and the gain to a target.
struct AnalyzeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "Measure each input: integrated loudness, loudness range, sample and true peak, edge silences, gain to a target.")

  @Argument(help: "Audio files, playlists and folders.")
  var inputs: [String]

  @Option(parsing: .unconditional, help: ArgumentHelp("The loudness the gains aim at, in LUFS (-70 to 0).", valueName: "LUFS"))
  var target: Double = -14

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  @OptionGroup(title: "Facts cache")
  var cache: CacheFlags

  func validate() throws {
    guard target.isFinite, (-70.0...0).contains(target) else { throw ValidationError("--target must be between -70 and 0 LUFS") }
  }

  func run() throws {
    FFmpegLogLevel.quiet.apply()
    do {
      let report = try AnalysisReport.measure(inputs, targetLUFS: target, cache: cache.cache)
      print(json ? report.json() : report.table())
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
  }
}
