import ArgumentParser
import Rendering

/// `segue version`: Segue's version and what it runs with, for a bug report.
struct VersionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "version",
    abstract: "Show Segue's version, the FFmpeg, aubio and Rubber Band it runs with, and its kernels.",
    discussion: "Each library's loaded version where it has a call that says, the version built against, and the file it was loaded from.")

  @Flag(help: "Print the facts as JSON.")
  var json = false

  func run() {
    let build = BuildInfo.current
    print(json ? build.json() : Self.text(build))
  }

  /// The first lines of `segue --version`: Segue's version, and the FFmpeg release and libraries
  /// loaded. Cheap, as every run builds it (the command's configuration holds it): no library's
  /// file is looked up.
  static func short() -> String {
    let libraries = FFmpegVersions.libraries.map { "\($0.name) \($0.loaded)" }
    return "segue \(BuildInfo.currentVersion)\nFFmpeg \(FFmpegVersions.release): \(libraries.joined(separator: ", "))"
  }

  /// `segue version`'s table.
  static func text(_ build: BuildInfo) -> String {
    var lines = ["segue \(build.version)\(build.stamp == nil ? " (a source build: no commit recorded)" : "")", "FFmpeg \(build.ffmpeg.release)"]
    lines += build.ffmpeg.libraries.map { row($0, indent: "  ") }
    lines += build.libraries.map { row($0, indent: "") }
    lines.append(column("kernels") + "\(build.kernels.name): \(build.kernels.reason)")
    lines.append(column("FFmpeg's kernels") + build.ffmpeg.processorFeatures.joined(separator: " "))
    return lines.joined(separator: "\n")
  }

  /// One library's row: its versions and the file it was loaded from.
  private static func row(_ library: BuildInfo.LinkedLibrary, indent: String) -> String {
    let version: String
    switch (library.loaded, library.built) {
    case let (loaded?, built?): version = loaded == built ? loaded : "\(loaded) (built against \(built))"
    case let (loaded?, nil): version = loaded
    case let (nil, built?): version = "\(built) (when built: it has no version call)"
    case (nil, nil): version = "version unknown (a source build records none)"
    }
    return column(indent + library.name) + version + (library.file.map { ", \($0)" } ?? "")
  }

  /// `label` padded to the table's first column.
  private static func column(_ label: String) -> String { label.padding(toLength: 18, withPad: " ", startingAt: 0) }
}
