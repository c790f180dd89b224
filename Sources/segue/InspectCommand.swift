import ArgumentParser
import FFmpegAudio
import Foundation
import Rendering

/// `segue inspect`: what each file holds, its exact length, and the delay and padding removed.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show container, codec, layout, exact length and the encoder delay and padding of audio files.")

  @Argument(help: "Audio files.")
  var files: [String]

  @Flag(help: "Print JSON (an array, one object per file).")
  var json = false

  func run() throws {
    FFmpegLogLevel.quiet.apply()
    var inspections: [FileInspection] = []
    var failed = false
    for file in files {
      do { inspections.append(try FileInspection.inspect(path: file)) } catch {
        printError(error.description)
        failed = true
      }
    }
    print(json ? try Self.json(inspections) : inspections.map(Self.text).joined(separator: "\n\n"))
    if failed { throw ExitCode.failure }
  }

  private static func text(_ file: FileInspection) -> String {
    let info = file.info
    var lines = [
      file.path,
      "  container   \(info.containerName)",
      "  codec       \(info.codecName)\(info.bitsPerSample.map { ", \($0)-bit" } ?? "")",
      "  audio       \(info.sampleRate) Hz, \(info.channelLayout) (\(info.channelCount) channels)",
      "  length      \(file.frameCount) sample frames = \(TimeFormat.clock(frames: file.frameCount, sampleRate: info.sampleRate))",
      "  delay       \(file.delay) frames removed from the start",
      "  padding     \(file.padding) frames removed from the end",
      "  from        \(file.delaySource)",
    ]
    if let declared = info.declaredFrameCount { lines.append("  declared    \(declared) sample frames") }
    for key in info.tags.keys.sorted() { lines.append("  tag         \(key) = \(info.tags[key]!)") }
    return lines.joined(separator: "\n")
  }

  private static func json(_ files: [FileInspection]) throws -> String {
    let objects: [[String: Any]] = files.map { file in
      var object: [String: Any] = [
        "path": file.path, "container": file.info.containerName, "codec": file.info.codecName,
        "sampleRate": file.info.sampleRate, "channels": file.info.channelCount, "channelLayout": file.info.channelLayout,
        "frames": file.frameCount, "seconds": file.seconds, "delay": file.delay, "padding": file.padding,
        "delaySource": file.delaySource, "tags": file.info.tags,
      ]
      object["bitsPerSample"] = file.info.bitsPerSample
      object["declaredFrames"] = file.info.declaredFrameCount
      return object
    }
    let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}
