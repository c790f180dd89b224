import Foundation

/// The ffmpeg command-line tool, used only as an independent judge and to make test files.
public enum FFmpegCLI {
  /// The result of running a program.
  public struct Output {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
  }

  /// Runs `ffmpeg -nostdin -v error` with `arguments`.
  @discardableResult
  public static func ffmpeg(_ arguments: [String]) throws -> Output {
    try run("ffmpeg", ["-nostdin", "-hide_banner", "-v", "error"] + arguments)
  }

  /// Runs `ffmpeg` and fails the caller if it does not exit 0.
  public static func make(_ arguments: [String]) throws {
    let output = try ffmpeg(["-y"] + arguments)
    guard output.status == 0 else { throw Failure(message: "ffmpeg \(arguments): \(output.stderr)") }
  }

  /// Decodes `path` with the ffmpeg CLI into interleaved 32-bit float samples (its own channels and rate).
  public static func decodeFloat(_ path: String) throws -> [Float] {
    let output = try ffmpeg(["-i", path, "-f", "f32le", "-"])
    guard output.status == 0 else { throw Failure(message: "ffmpeg could not decode \(path): \(output.stderr)") }
    return output.stdout.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// Decodes `path` with the ffmpeg CLI into interleaved 16-bit integers.
  public static func decodeInt16(_ path: String) throws -> [Int16] {
    let output = try ffmpeg(["-i", path, "-f", "s16le", "-"])
    guard output.status == 0 else { throw Failure(message: "ffmpeg could not decode \(path): \(output.stderr)") }
    return output.stdout.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
  }

  /// The stream's length as the container states it, via ffprobe (`duration_ts` in its time base).
  public static func declaredFrames(_ path: String) throws -> Int64? {
    let output = try run(
      "ffprobe",
      ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=duration_ts,time_base,sample_rate", "-of", "default=nw=1", path])
    let fields = Dictionary(
      uniqueKeysWithValues: String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").compactMap { line in
        line.split(separator: "=", maxSplits: 1).count == 2
          ? (String(line.split(separator: "=")[0]), String(line.split(separator: "=")[1])) : nil
      })
    guard let ticks = fields["duration_ts"].flatMap({ Int64($0) }), let rate = fields["sample_rate"].flatMap({ Int64($0) }),
      let base = fields["time_base"]?.split(separator: "/"), base.count == 2, let num = Int64(base[0]), let den = Int64(base[1])
    else { return nil }
    return ticks * num * rate / den
  }

  /// Runs a program found on PATH and collects what it prints.
  public static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    // Standard error goes to a file, so neither pipe can fill up while the other is read.
    let errorPath = NSTemporaryDirectory() + "segue-stderr-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    let errorFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    process.standardOutput = out
    process.standardError = errorFile
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try errorFile.close()
    let stderr = FileManager.default.contents(atPath: errorPath) ?? Data()
    return Output(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// A test set-up step that failed.
  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
  }
}
