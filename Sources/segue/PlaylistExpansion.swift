import Foundation
import Playlists
import Rendering

/// Turns command-line inputs into the list of audio files to render, expanding playlists in place.
enum PlaylistExpansion {
  /// The inputs, the playlists' overlays, and the defaults of the first playlist that sets any.
  static func inputs(from arguments: [String]) throws(RenderError) -> (inputs: [InputSource], overlays: [OverlayInput], defaults: PlaylistDefaults) {
    var sources: [InputSource] = []
    var overlays: [OverlayInput] = []
    var defaults: PlaylistDefaults?
    for argument in arguments {
      if PlaylistFile.isPlaylist(argument) {
        let playlist: Playlist
        do { playlist = try PlaylistFile.read(path: argument) } catch { throw .playlist(error) }
        overlays += OverlayInput.overlays(of: playlist, firstInput: sources.count)
        sources += InputSource.entries(of: playlist)
        if defaults == nil && playlist.defaults != PlaylistDefaults() { defaults = playlist.defaults }
      } else {
        sources.append(InputSource(path: argument))
      }
    }
    return (sources, overlays, defaults ?? PlaylistDefaults())
  }
}
