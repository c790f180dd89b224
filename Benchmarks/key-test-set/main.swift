// Writes issue 33's key test set (`KeyTestSet`, the tests' own) for Benchmarks/key, as 16-bit
// FLAC at 44.1 kHz:
//   key-test-set set FOLDER    each track as NN.flac, and truth.tsv (number, name, tonic pitch
//                              class, mode)
//   key-test-set hour FOLDER   the first 12 arrangements made five minutes long, as hNN.flac
import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering

/// Writes `track` to `path`, or exits with the error.
func write(_ track: KeyTrack, to path: String) {
  do {
    try AudioFile.write(
      track.samples, layout: PCMLayout(sampleRate: track.sampleRate, channelCount: 2), to: path, options: OutputOptions(bitDepth: 16),
      overwrite: true)
  } catch {
    FileHandle.standardError.write(Data("key-test-set: \(error)\n".utf8))
    exit(1)
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["set", "hour"].contains(arguments[1]) else {
  FileHandle.standardError.write(Data("usage: key-test-set set|hour FOLDER\n".utf8))
  exit(2)
}
let folder = arguments[2]
if arguments[1] == "hour" {
  for (index, var track) in KeyTestSet.tracks.prefix(12).enumerated() {
    track.seconds = 300 + Double(index) * 1.37
    write(track, to: folder + String(format: "/h%02d.flac", index + 1))
  }
} else {
  var truth = ""
  for (index, track) in KeyTestSet.tracks.enumerated() {
    write(track, to: folder + String(format: "/%02d.flac", index + 1))
    truth += "\(index + 1)\t\(track.name)\t\(track.label.tonic)\t\(track.label.minor ? "minor" : "major")\n"
  }
  do { try truth.write(toFile: folder + "/truth.tsv", atomically: true, encoding: .utf8) } catch {
    FileHandle.standardError.write(Data("key-test-set: \(error)\n".utf8))
    exit(1)
  }
}
