// Builds a mix in code with the composition API: two files, the second placed so that they overlap
// by a few seconds, with equal-power volume ramps over the overlap, rendered into one file.
//
// Usage: crossfade-two-files A B OUTPUT [SECONDS]

import Foundation
import FFmpegAudio
import Rendering

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5 else {
  FileHandle.standardError.write(Data("usage: crossfade-two-files A B OUTPUT [SECONDS]\n".utf8))
  exit(2)
}
let (first, second, output) = (arguments[1], arguments[2], arguments[3])
let overlap = arguments.count == 5 ? Double(arguments[4]) ?? 3 : 3

do {
  let a = try AudioStreamInfo.probe(path: first)
  let b = try AudioStreamInfo.probe(path: second)
  let aSeconds = Double(try Renderer.countDecodedFrames(path: first)) / Double(a.sampleRate)
  let bSeconds = Double(try Renderer.countDecodedFrames(path: second)) / Double(b.sampleRate)
  var mix = AudioComposition(sampleRate: a.sampleRate)
  let outgoing = try mix.insertTimeRange(0..<aSeconds, of: first, at: 0)
  let incoming = try mix.insertTimeRange(0..<bSeconds, of: second, at: aSeconds - overlap)
  let fade = (aSeconds - overlap)..<aSeconds
  try mix.setVolumeRamp(clip: outgoing, from: 1, to: 0, timeRange: fade, curve: .equalPower)
  try mix.setVolumeRamp(clip: incoming, from: 0, to: 1, timeRange: fade, curve: .equalPower)
  let report = try mix.render(to: output, overwrite: true, verify: true)
  print("wrote \(output): \(report.timeline.frameCount) sample frames, the second file from frame \(report.timeline.clips[1].start)")
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
