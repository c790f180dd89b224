// Synthesizes the demo album: one continuous piece of music cut into four FLAC tracks at sample
// positions that fall mid-frame, so a gapless render of `playlists/demo.m3u` plays without a seam.
//
// Usage: make-demo-tracks FOLDER

import Foundation
import FFmpegAudio
import Rendering

/// The demo's tracks: titles and lengths in sample frames (deliberately not round numbers).
let tracks: [(title: String, frames: Int)] = [
  ("01-sunrise", 529_379), ("02-drift", 441_001), ("03-undertow", 617_413), ("04-landfall", 396_917),
]
let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)

/// A slow chord that glides through the whole album, so any gap or click at a join would be heard.
func album() -> [Float] {
  let total = tracks.reduce(0) { $0 + $1.frames }
  var samples = [Float](repeating: 0, count: total * layout.channelCount)
  var phases = [0.0, 0.0, 0.0]
  for frame in 0..<total {
    let t = Double(frame) / Double(layout.sampleRate)
    let root = 110 * pow(2, (sin(2 * .pi * t / 24) + 1) * 7 / 12)
    let voices = [root, root * 1.25, root * 1.5]
    var value = 0.0
    for voice in voices.indices {
      phases[voice] += 2 * .pi * voices[voice] / Double(layout.sampleRate)
      value += sin(phases[voice]) / 4
    }
    let left = value * (0.8 + 0.2 * sin(2 * .pi * t / 7))
    let right = value * (0.8 + 0.2 * cos(2 * .pi * t / 7))
    samples[frame * 2] = Float((left * 32768).rounded() / 32768)
    samples[frame * 2 + 1] = Float((right * 32768).rounded() / 32768)
  }
  return samples
}

FFmpegLogLevel.quiet.apply()
let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: make-demo-tracks FOLDER\n".utf8))
  exit(2)
}
let folder = arguments[1]
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
let samples = album()
var start = 0
for track in tracks {
  let path = "\(folder)/\(track.title).flac"
  let slice = Array(samples[(start * 2)..<((start + track.frames) * 2)])
  do {
    try AudioFile.write(slice, layout: layout, to: path, overwrite: true)
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
  print("wrote \(path) (\(track.frames) sample frames)")
  start += track.frames
}
