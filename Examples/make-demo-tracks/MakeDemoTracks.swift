// Synthesizes the demo album: one continuous piece of music cut into four FLAC tracks at sample
// positions that fall mid-frame, so a gapless render of `playlists/demo.m3u` plays without a seam;
// and a short chime that `playlists/demo-mix.yaml` lays over the mix as a jingle.
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

/// A bell-like chime of three partials that die away: the demo mix's jingle.
func chime(frames: Int) -> [Float] {
  var samples = [Float](repeating: 0, count: frames * layout.channelCount)
  for frame in 0..<frames {
    let t = Double(frame) / Double(layout.sampleRate)
    let partials = [(880.0, 0.3), (1_320.0, 0.15), (2_217.0, 0.08)]
    let value = partials.reduce(0.0) { $0 + sin(2 * .pi * $1.0 * t) * $1.1 } * exp(-2.2 * t) * min(1, t * 200)
    let quantized = Float((value * 32768).rounded() / 32768)
    samples[frame * 2] = quantized
    samples[frame * 2 + 1] = quantized
  }
  return samples
}

/// Writes `samples` as FLAC, or exits with the error.
func write(_ samples: [Float], to path: String) {
  do {
    try AudioFile.write(samples, layout: layout, to: path, overwrite: true)
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
  print("wrote \(path) (\(samples.count / layout.channelCount) sample frames)")
}

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
  write(Array(samples[(start * 2)..<((start + track.frames) * 2)]), to: path)
  start += track.frames
}
// In a folder of its own, so that the album's folder holds just the album.
try FileManager.default.createDirectory(atPath: "\(folder)/overlays", withIntermediateDirectories: true)
write(chime(frames: 101_431), to: "\(folder)/overlays/chime.flac")
