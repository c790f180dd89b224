// The classic job: an album (or an audiobook's chapters) as separate files becomes one gapless
// file with a chapter per track, here both an .m4b (AAC, chapters to the sample) and a .flac
// (lossless, with its CUE sheet embedded and written beside it).
//
// Usage: album-to-one-file PLAYLIST-OR-FOLDER OUTPUT-STEM
//   album-to-one-file playlists/demo.m3u demo/album   →   demo/album.m4b, demo/album.flac, demo/album.cue

import FFmpegAudio
import Foundation
import Playlists
import Rendering

/// The album's tracks: a playlist's entries, or a folder's audio files in name order.
func tracks(in source: String) throws -> [InputSource] {
  if PlaylistFile.isPlaylist(source) { return InputSource.entries(of: try PlaylistFile.read(path: source)) }
  let audio: Set<String> = ["flac", "wav", "mp3", "m4a", "ogg", "opus", "aiff"]
  return try FileManager.default.contentsOfDirectory(atPath: source).sorted()
    .filter { audio.contains(($0 as NSString).pathExtension.lowercased()) }
    .map { InputSource(path: "\(source)/\($0)", displayName: $0) }
}

FFmpegLogLevel.quiet.apply()
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: album-to-one-file PLAYLIST-OR-FOLDER OUTPUT-STEM\n".utf8))
  exit(2)
}
let stem = arguments[2]
do {
  let inputs = try tracks(in: arguments[1])
  let audiobook = RenderRequest(
    inputs: inputs, outputPath: stem + ".m4b", listing: ListingOptions(chapters: true), overwrite: true, verify: true)
  let lossless = RenderRequest(
    inputs: inputs, outputPath: stem + ".flac",
    listing: ListingOptions(chapters: true, cueSheetPath: stem + ".cue", embedCueSheet: true), overwrite: true, verify: true)
  for request in [audiobook, lossless] {
    let report = try Renderer.render(request)
    print("wrote \(report.outputPath): \(report.outputFrameCount) sample frames, \(report.trackList?.tracks.count ?? 0) chapters")
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
