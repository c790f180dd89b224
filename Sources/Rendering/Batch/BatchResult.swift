import Foundation
import Synchronization

/// One item's outcome, as the results file holds it: one line of JSON.
public struct BatchResult: Sendable, Codable, Equatable {
  /// What became of the item: rendered, skipped (up to date), or failed.
  public enum Status: String, Sendable, Codable {
    /// The item was rendered (new, changed, or forced) and its output written.
    case rendered
    /// The item's output is up to date with its request and inputs, so nothing was rendered.
    case skipped
    /// The item could not be rendered, or its result could not be appended to the results log; `errorClass` says
    /// whether to retry.
    case failed
  }

  /// How a failure should be treated by whoever runs the batch.
  public enum FailureClass: String, Sendable, Codable {
    /// Bad input or a bad request: running it again will fail again.
    case permanent
    /// The system's (a full disk, an I/O error): running it again may succeed.
    case retryable
    /// Stopped by a signal.
    case cancelled
  }

  /// The version of the line's shape (`ReportSchema.version`).
  public var schemaVersion = ReportSchema.version
  /// The item's place in the manifest, counted from 0.
  public var index: Int
  /// The file the item writes, as resolved against the manifest's folder.
  public var output: String
  /// Whether the item was rendered, skipped as up to date, or failed.
  public var status: Status
  /// Why it was rendered or skipped (`up to date`, `the request changed`).
  public var reason: String?
  /// How whoever runs the batch should treat the failure; nil unless the item failed.
  public var errorClass: FailureClass?
  /// Why the item failed, in words; nil unless it failed.
  public var error: String?
  /// Sample frames written.
  public var frames: Int64?
  /// Wall-clock seconds the item took.
  public var seconds: Double
  /// The written file's integrated loudness and true peak (a lossy file's decoded again), when
  /// measured.
  public var loudness: Double?
  /// The written file's true peak, in dBTP; nil when not measured.
  public var truePeak: Double?
  /// Every warning its render gave (`RenderReport.warnings`); nil for a failed item.
  public var warnings: [String]?

  /// The result as one line of JSON (keys sorted).
  public var jsonLine: String { JSONText.encode(self, pretty: false) }
}

/// Where results lines go: a file appended to by many processes at once, or standard output.
public final class ResultsLog: Sendable {
  private let path: String

  /// A log that appends to `path` ("-" for standard output); the file is made if missing.
  public init(path: String) throws(BatchError) {
    self.path = path
    guard path != "-" else { return }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .results(path: path, detail: String(cString: strerror(errno))) }
    close(descriptor)
  }

  /// Appends `result` as one line, under an exclusive lock, in one write: lines from processes
  /// on other nodes sharing the file never interleave.
  public func append(_ result: BatchResult) throws(BatchError) {
    let line = Array((result.jsonLine + "\n").utf8)
    guard path != "-" else {
      Self.standardOutput.withLock { _ in FileHandle.standardOutput.write(Data(line)) }
      return
    }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .results(path: path, detail: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw .results(path: path, detail: String(cString: strerror(errno))) }
    }
    defer { flock(descriptor, LOCK_UN) }
    let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == line.count else {
      throw .results(path: path, detail: written < 0 ? String(cString: strerror(errno)) : "a short write")
    }
  }

  private static let standardOutput = Mutex(())
}
