import ArgumentParser
import FFmpegAudio
import Playlists
import Rendering
import Settings

/// `segue analyze`: loudness, peaks and silences of every input, and the gain to a target.
struct AnalyzeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "Measure each input: integrated loudness, loudness range, sample and true peak, edge silences, gain to a target, tempo, key.")

  @Argument(help: "Audio files, playlists and folders.")
  var inputs: [String]

  @Option(parsing: .unconditional, help: ArgumentHelp("The loudness the gains aim at, in LUFS (-70 to 0).", valueName: "LUFS"))
  var target: Double = AnalysisReport.defaultTargetLUFS

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  @Flag(help: "Leave out the tempo and beat grid (speech, or to measure loudness alone a little faster).")
  var noTempo = false

  @Flag(help: "Leave out the musical key.")
  var noKey = false

  @Option(help: ArgumentHelp("The tempos beats are counted in, MIN-MAX in BPM, MAX at least twice MIN (70-140 counts drum and bass at 87); without it the rhythm chooses within 60-200.", valueName: "MIN-MAX"))
  var tempoRange: String?

  @Option(help: "Progress on standard error (auto: a line on a terminal).")
  var progress: ProgressStyle = .auto

  @OptionGroup(title: "Facts cache")
  var cache: CacheFlags

  func validate() throws {
    do throws(SettingProblem) { _ = try Setting.target.check(target) } catch { throw error.usageError }
    _ = try tempoRange.map(BeatMatchFlags.range)
  }

  func run() throws {
    let tempoRange = try self.tempoRange.map(BeatMatchFlags.range)
    do {
      let report = try AnalysisReport.measure(
        inputs, targetLUFS: target, tempo: !noTempo, key: !noKey, tempoRange: tempoRange, cache: cache.cache, progress: ProgressPrinter(style: progress).callback())
      print(json ? report.json() : report.table())
    } catch {
      printError(error.cliMessage)
      throw ExitCode.failure
    }
  }
}

extension AnalysisProgress: PrintableProgress {
  /// ` 42.1%  5/12 files  0:12 elapsed  ETA 0:17`.
  var line: String {
    let eta = estimatedSecondsLeft.map { "ETA \(ProgressPrinter.clock($0))" } ?? "ETA -"
    return String(format: "%5.1f%%  ", fraction * 100) + "\(filesDone)/\(fileCount) files  \(ProgressPrinter.clock(elapsedSeconds)) elapsed  \(eta)"
  }
}
