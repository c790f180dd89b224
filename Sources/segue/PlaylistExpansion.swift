import Foundation
import Playlists
import Rendering

/// Turns command-line inputs into the list of audio files to render, expanding playlists in place.
enum PlaylistExpansion {
  static func inputs(from arguments: [String]) throws(RenderError) -> [InputSource] {
    var sources: [InputSource] = []
    for argument in arguments {
      let fileExtension = (argument as NSString).pathExtension.lowercased()
      if M3UPlaylist.extensions.contains(fileExtension) {
        do {
          sources += InputSource.entries(of: try M3UPlaylist.read(path: argument))
        } catch {
          throw .playlist(error)
        }
      } else {
        sources.append(InputSource(path: argument))
      }
    }
    return sources
  }
}
