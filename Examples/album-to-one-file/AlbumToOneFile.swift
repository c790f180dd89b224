// The classic job: an album (or an audiobook's chapters) as separate files becomes one gapless
// file with a chapter per track, here both an .m4b (AAC, chapters to the sample) and a .flac
// (lossless, with its CUE sheet embedded and written beside it). The playlist or folder is read
// as `segue render` reads it, so the files are byte for byte what
// `segue render SOURCE -o STEM.flac --chapters --cue STEM.cue --embed-cue` writes.
//
// Usage: album-to-one-file PLAYLIST-OR-FOLDER OUTPUT-STEM
//   album-to-one-file playlists/demo.m3u demo/album   →   demo/album.m4b, demo/album.flac, demo/album.cue

import FFmpegAudio
import Foundation
import Rendering

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: album-to-one-file PLAYLIST-OR-FOLDER OUTPUT-STEM\n".utf8))
  exit(2)
}
let stem = arguments[2]
do {
  let outputs = [
    (path: stem + ".m4b", listing: ListingOptions(chapters: true)),
    (path: stem + ".flac", listing: ListingOptions(chapters: true, cueSheetPath: stem + ".cue", embedCueSheet: true)),
  ]
  for output in outputs {
    var request = try RenderRequest(arguments: [arguments[1]], outputPath: output.path)
    request.listing = output.listing
    request.overwrite = true
    request.verify = true
    let report = try Renderer.render(request)
    print("wrote \(report.outputPath): \(report.outputFrameCount) sample frames, \(report.trackList?.tracks.count ?? 0) chapters")
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
