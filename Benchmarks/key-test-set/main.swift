// Writes issue 33's key test set (`KeyTestSet`, the tests' own) into a folder for Benchmarks/key:
// each track as 16-bit FLAC at 44.1 kHz (NN.flac), and truth.tsv (number, name, tonic pitch
// class, minor or major).
import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: key-test-set FOLDER\n".utf8))
  exit(2)
}
let folder = CommandLine.arguments[1]
var truth = ""
for (index, track) in KeyTestSet.tracks.enumerated() {
  let path = folder + String(format: "/%02d.flac", index + 1)
  do {
    try AudioFile.write(
      track.samples, layout: PCMLayout(sampleRate: track.sampleRate, channelCount: 2), to: path, options: OutputOptions(bitDepth: 16),
      overwrite: true)
  } catch {
    FileHandle.standardError.write(Data("key-test-set: \(error)\n".utf8))
    exit(1)
  }
  truth += "\(index + 1)\t\(track.name)\t\(track.label.tonic)\t\(track.label.minor ? "minor" : "major")\n"
}
try truth.write(toFile: folder + "/truth.tsv", atomically: true, encoding: .utf8)
