import CLibFuzzer
import Foundation

@_exported import Containers
@_exported import Playlists

/// What every libFuzzer target needs: the input as playlist text, or as a file to read.
public enum FuzzEntry {
  /// Hands the process to libFuzzer, which calls `test` on each input (libFuzzer's flags and
  /// corpus folders come from the command line).
  public static func run(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
  }

  /// The input's bytes.
  public static func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let start, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: start, count: count))
  }

  /// The input as `PlaylistFile` would decode it: UTF-8, else Latin-1.
  public static func text(_ start: UnsafePointer<UInt8>?, _ count: Int) -> String {
    let bytes = bytes(start, count)
    return String(validating: bytes, as: UTF8.self) ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// The input written to a file named `name` in this process's own temporary folder, for
  /// readers that take a path.
  public static func file(_ start: UnsafePointer<UInt8>?, _ count: Int, name: String) -> String {
    let path = folder + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes(start, count)))
    return path
  }

  /// A folder for this process's input files.
  public static let folder: String = {
    let path = NSTemporaryDirectory() + "segue-libfuzzer-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()
}
