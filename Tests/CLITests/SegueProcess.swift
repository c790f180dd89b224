import AudioTestSupport
import Foundation

/// What a finished `segue` run printed and how it ended.
struct SegueResult: Sendable {
  /// The exit code, or the signal number when `exited` is false.
  var status: Int32
  /// False when a signal ended the process before it could exit by itself.
  var exited: Bool
  var stdout: String
  var stderr: String
  /// Standard output's bytes, for output that is not text (`-o -`).
  var stdoutBytes = Data()
}

/// Runs the built `segue` with `arguments`, in `folder` as its current directory, and waits for it;
/// `standardInput` is what it reads from standard input (nothing when nil).
func runSegue(arguments: [String], in folder: String, through launcher: [String]? = nil, standardInput: Data? = nil) throws -> SegueResult {
  try SegueProcess(arguments: arguments, in: folder, through: launcher, standardInput: standardInput).finish()
}

/// A running `segue` process, whose output goes to files outside its working folder.
///
/// Files rather than pipes, so that neither stream can fill up and stall the process while
/// the test waits, and so that the working folder holds only what `segue` itself wrote.
final class SegueProcess {
  private let process = Process()
  private let captures = TemporaryFolder("segue-cli-output")
  private let stdoutFile: FileHandle
  private let stderrFile: FileHandle

  /// Starts `segue` with `arguments` in `folder`, reading `standardInput` (from a file beside the
  /// captures) or nothing. `launcher` (a program and its arguments, such as a shell setting a
  /// limit) starts it instead, when given.
  init(arguments: [String], in folder: String, through launcher: [String]? = nil, standardInput: Data? = nil) throws {
    for name in ["stdout", "stderr"] {
      _ = FileManager.default.createFile(atPath: captures.file(name), contents: nil)
    }
    stdoutFile = try FileHandle(forWritingTo: URL(fileURLWithPath: captures.file("stdout")))
    stderrFile = try FileHandle(forWritingTo: URL(fileURLWithPath: captures.file("stderr")))
    if let launcher {
      process.executableURL = URL(fileURLWithPath: launcher[0])
      process.arguments = Array(launcher.dropFirst()) + arguments
    } else {
      process.executableURL = try SegueExecutable.url()
      process.arguments = arguments
    }
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    // A facts cache of its own, so tests neither read nor fill the user's.
    process.environment = ProcessInfo.processInfo.environment.merging(["SEGUE_CACHE_DIR": captures.file("cache")]) { $1 }
    if let standardInput {
      try standardInput.write(to: URL(fileURLWithPath: captures.file("stdin")))
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: captures.file("stdin")))
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    process.standardOutput = stdoutFile
    process.standardError = stderrFile
    try process.run()
  }

  /// True until the process ends.
  var isRunning: Bool { process.isRunning }

  /// Sends `signal` (such as `SIGINT`) to the process.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// The process's id.
  var id: Int32 { process.processIdentifier }

  /// True while the process is stopped (by SIGSTOP), read from `/proc`.
  var isStopped: Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[close...].dropFirst(2).first
    return state == "T" || state == "t"
  }

  /// How far the process has read into `path`, where it has the file open (the furthest of its
  /// descriptors for it), read from `/proc`; nil where it has it not open.
  func readPosition(in path: String) -> Int? {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(id)/fd")) ?? []
    let positions = descriptors.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/fd/\($0)")) == path }
      .compactMap { descriptor -> Int? in
        let info = (try? String(contentsOfFile: "/proc/\(id)/fdinfo/\(descriptor)", encoding: .utf8)) ?? ""
        return info.split(separator: "\n").first { $0.hasPrefix("pos:") }.flatMap { Int($0.dropFirst(4).trimmingCharacters(in: .whitespaces)) }
      }
    return positions.max()
  }

  /// Waits until `condition` holds or the process ends, checking every half millisecond; a
  /// minute's deadline only keeps a broken build from hanging the suite.
  func wait(until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while !condition() {
      guard isRunning, Date() < deadline else { return condition() }
      usleep(500)
    }
    return true
  }

  /// A launcher that starts the program stopped (the shell stops itself before it becomes the
  /// program), for a test that lets it run on a signal.
  static let stoppedLauncher = ["/bin/sh", "-c", "kill -STOP $$; exec \"$@\"", "sh", "/usr/bin/env"]

  /// Waits for the process to end and collects what it printed.
  func finish() throws -> SegueResult {
    process.waitUntilExit()
    try stdoutFile.close()
    try stderrFile.close()
    return SegueResult(
      status: process.terminationStatus, exited: process.terminationReason == .exit,
      stdout: String(decoding: captured("stdout"), as: UTF8.self), stderr: String(decoding: captured("stderr"), as: UTF8.self),
      stdoutBytes: captured("stdout"))
  }

  private func captured(_ name: String) -> Data {
    FileManager.default.contents(atPath: captures.file(name)) ?? Data()
  }
}
