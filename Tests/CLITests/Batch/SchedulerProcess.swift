import AudioTestSupport
import Foundation

/// A program a scheduler test starts and stops: GNU parallel, or a Slurm or munge daemon kept in
/// the foreground, with its output in a file and a deadline on every wait.
final class SchedulerProcess {
  private let process = Process()
  let logPath: String

  /// Starts `program` with `arguments` in `folder`, `environment` added to this process's, its
  /// output (both streams) going to `logPath`.
  init(_ program: String, _ arguments: [String], in folder: String, environment: [String: String] = [:], logPath: String) throws {
    self.logPath = logPath
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = log
    process.standardError = log
    try process.run()
  }

  /// Waits up to `seconds` for the program to end; its exit status, or nil if it is still running.
  func wait(seconds: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    return process.isRunning ? nil : process.terminationStatus
  }

  /// Stops the program: SIGTERM, then SIGKILL after 5 s.
  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    if wait(seconds: 5) == nil { kill(process.processIdentifier, SIGKILL) }
    _ = wait(seconds: 5)
  }

  /// What the program printed so far.
  var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

  /// Polls `condition` every 50 ms for up to `seconds`.
  static func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
  }

  /// The process ids of the running `segue` processes started in `folder` whose arguments hold `arguments` in order.
  static func segueProcesses(in folder: String, with arguments: [String]) -> [Int32] {
    let ids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
    return ids.filter { id in
      guard let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/cwd"), cwd == folder,
        let raw = FileManager.default.contents(atPath: "/proc/\(id)/cmdline")
      else { return false }
      let words = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      guard words.first?.hasSuffix("/segue") == true else { return false }
      return (0...max(0, words.count - arguments.count)).contains { Array(words[$0..<min(words.count, $0 + arguments.count)]) == arguments }
    }
  }
}
