import AudioTestSupport
import Foundation
import FuzzSupport

/// Runs the seeded mutation fuzzer over every parser and prints one line per parser: inputs,
/// how many were read and refused, the time, inputs per second and the slowest input.
///
///     fuzz-runner [--count N] [--seed S] [NAME...]     (names as printed; default all)
///     fuzz-runner --seed S --save N NAME               writes input N of NAME's run to NAME-N.bin
///     fuzz-runner --corpus FOLDER                      writes each parser's seeds to FOLDER/NAME/, a
///                                                      starting corpus for the libFuzzer targets in Fuzz/
@main
enum FuzzRunnerCommand {
  static func main() throws {
    var count = 1_000_000
    var seed: UInt64 = 1
    var names: [String] = []
    var saved: Int?
    var corpus: String?
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
      switch argument {
      case "--count": count = arguments.next().flatMap { Int($0) } ?? count
      case "--seed": seed = arguments.next().flatMap { UInt64($0) } ?? seed
      case "--save": saved = arguments.next().flatMap { Int($0) }
      case "--corpus": corpus = arguments.next()
      default: names.append(argument)
      }
    }
    let folder = TemporaryFolder("segue-fuzz")
    let targets =
      FuzzTarget.playlistParsers + [.playlistFile(in: folder.path)]
      + FuzzTarget.containerReaders(try MediaSeeds.make(in: folder.path), folder: folder.path)
    if let corpus {
      for target in targets {
        let folder = corpus + "/" + target.name.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: " ", with: "-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (number, seed) in target.seeds.enumerated() {
          try Data(seed).write(to: URL(fileURLWithPath: "\(folder)/seed-\(number)"))
        }
      }
      return
    }
    if let saved {
      for target in targets where names.contains(target.name) {
        let input = FuzzInputs(seeds: target.seeds, seed: seed).input(saved)
        try Data(input).write(to: URL(fileURLWithPath: "\(target.name)-\(saved).bin"))
      }
      return
    }
    var total = 0
    var seconds = 0.0
    for target in targets where names.isEmpty || names.contains(target.name) {
      let report = FuzzRunner.run(target, count: count, seed: seed)
      // Unbuffered, so a long run shows each parser as it finishes.
      FileHandle.standardOutput.write(Data("\(report)\n".utf8))
      total += report.inputs
      seconds += report.seconds
    }
    print("all: \(total) inputs in \(seconds.formatted(.number.precision(.fractionLength(1)))) s, no crash or hang")
  }
}
