import ArgumentParser
import FFmpegAudio
import Rendering

/// `segue inspect`: what each file holds, its exact length, and the delay and padding removed.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show container, codec, layout, exact length and the encoder delay and padding of audio files.")

  @Argument(help: "Audio files.")
  var files: [String]

  @Flag(help: "Print JSON: {schemaVersion, files: [one object per file], errors}.")
  var json = false

  func run() throws {
    var inspections: [FileInspection] = []
    var errors: [String] = []
    for file in files {
      do { inspections.append(try FileInspection.inspect(path: file, cache: FactsCache.standard())) } catch {
        printError(error.cliMessage)
        errors.append(error.cliMessage)
      }
    }
    if json {
      print(InspectionReport(inspections, errors: errors).json())
    } else if !inspections.isEmpty {
      print(inspections.map(\.text).joined(separator: "\n\n"))
    }
    if !errors.isEmpty { throw ExitCode.failure }
  }
}
