import ArgumentParser
import FFmpegAudio
import Foundation
import Playlists
import Rendering

/// `segue batch`: renders the items of a manifest, as array jobs, shards or all at once.
struct BatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Render many mixes from a manifest: one render request per line, run as array jobs, shards or all here.",
    discussion: """
      The manifest is JSON Lines ({"inputs": [...], "output": "x.mp3", "crossfade": 2} per line, any option render takes \
      under its long name) or a YAML list of the same; relative paths resolve against the manifest's folder. An item whose \
      output is up to date (same request, same input bytes, recorded beside it in OUTPUT.segue.json) is skipped. \
      Exit status: 0 all done, 1 a permanent failure, 75 when every failure may succeed on a retry, 128+N on signal N.
      """)

  @Argument(help: "The manifest: JSON Lines or a YAML list of render requests.")
  var manifest: String?

  @Flag(help: "Print a commented example manifest and exit.")
  var template = false

  @Option(help: ArgumentHelp("Render only this item (counted from --index-base): what array jobs run.", valueName: "N"))
  var index: Int?

  @Option(help: ArgumentHelp("The number of the first item: 0 (default), or 1 for arrays numbered from 1.", valueName: "N"))
  var indexBase = 0

  @Flag(help: "Take --index from SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX, the first that is set.")
  var indexFromEnv = false

  @Option(help: ArgumentHelp("Render items K, K+M, K+2M… (K counted from 0): shard K of M.", valueName: "K/M"))
  var shard: String?

  @Option(help: ArgumentHelp("Items rendered at once on this machine; their encoders share the cores.", valueName: "N"))
  var jobs = 1

  @Flag(help: "Render items that are up to date too, and replace outputs the batch did not write.")
  var force = false

  @Option(help: ArgumentHelp("Append one JSON line per item to this file (locked; shared by many processes), or - for standard output.", valueName: "file"))
  var results: String?

  @Option(help: "Progress on standard error (auto: a line on a terminal).")
  var progress: ProgressStyle = .auto

  @Flag(help: "Show FFmpeg's own warnings.")
  var verbose = false

  func validate() throws {
    if template { return }
    guard manifest != nil else { throw ValidationError("name a manifest (or --template for an example)") }
    let choices = [index != nil, indexFromEnv, shard != nil].filter { $0 }.count
    guard choices <= 1 else { throw ValidationError("give one of --index, --index-from-env and --shard") }
    guard (0...1_000_000).contains(indexBase) else { throw ValidationError("--index-base must be 0 or more, not \(indexBase)") }
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be 1 to 256, not \(jobs)") }
  }

  func run() throws {
    if template { return print(BatchTemplate.text, terminator: "") }
    if verbose { FFmpegLogLevel.warnings.apply() }
    let log = BatchLog(style: progress)
    let run: BatchRun
    let resultsLog: ResultsLog?
    do {
      let items = try BatchManifest.read(path: manifest ?? "", vocabulary: RenderVocabulary.batch)
      let selection = try selection(log: log)
      let chosen = try selection.indexes(count: items.count).map { items[$0] }
      resultsLog = try results.map(ResultsLog.init(path:))
      run = BatchRun(items: chosen, jobs: jobs, force: force, makeRequest: Self.request(for:))
      log.line("batch: \(manifest ?? ""): \(items.count) items; \(Self.describe(chosen, of: items.count)), \(run.jobs) at a time")
    } catch let error as PlaylistError {
      printError(error.description)
      throw ExitCode.failure
    } catch let error as BatchError {
      printError(error.description)
      throw ExitCode.failure
    }
    let cancellation = RenderCancellation()
    let signals = InterruptHandler(cancellation: cancellation)
    defer { signals.restore() }
    let outcomes = run.run(log: resultsLog, cancellation: cancellation, events: log.event(total: run.items.count))
    log.finish(outcomes)
    if cancellation.isCancelled { throw ExitCode(InterruptHandler.exitCode) }
    let status = BatchExitStatus.of(outcomes)
    if status != 0 { throw ExitCode(status) }
  }

  /// The items asked for, naming the variable an index came from.
  private func selection(log: BatchLog) throws(BatchError) -> BatchSelection {
    if let index { return try .index(index, base: indexBase) }
    if let shard { return try BatchSelection.shard(shard) }
    guard indexFromEnv else { return .all }
    let (selection, variable) = try BatchSelection.fromEnvironment(base: indexBase)
    log.line("batch: index \(ProcessInfo.processInfo.environment[variable] ?? "") from \(variable)")
    return selection
  }

  /// An item's render request: its options parsed exactly as `render` parses its arguments.
  @Sendable static func request(for item: BatchItem) throws -> RenderRequest {
    let command: RenderCommand
    do { command = try RenderCommand.parse(item.arguments) } catch {
      throw BatchRequestProblem(message: RenderCommand.message(for: error))
    }
    return try command.request()
  }

  private static func describe(_ chosen: [BatchItem], of count: Int) -> String {
    if chosen.count == count { return "rendering all" }
    if chosen.count == 1 { return "rendering item \(chosen[0].index)" }
    return "rendering \(chosen.count): \(chosen.prefix(8).map { String($0.index) }.joined(separator: ", "))\(chosen.count > 8 ? "…" : "")"
  }
}

/// An item's options refused as `render` would refuse them on its command line.
struct BatchRequestProblem: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
