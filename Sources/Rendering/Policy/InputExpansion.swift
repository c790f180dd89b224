import Foundation
import Playlists

/// What a list of files, playlists and folders names: the tracks in order, the playlists'
/// overlays, and the defaults that apply where no option says otherwise.
///
/// The command line and library users go through this one place, so the same arguments always
/// give the same request.
public struct InputExpansion: Sendable {
  public var inputs: [InputSource]
  public var overlays: [OverlayInput]
  /// The defaults of the first playlist that sets any.
  public var defaults: PlaylistDefaults
  /// What the playlists say of the mix as a whole: the first one's fields that give any, and the
  /// playlist's name when it was the only argument.
  public var playlistTags: PlaylistTags

  /// The file extensions a folder's audio files are recognized by.
  public static let audioExtensions: Set<String> = [
    "aac", "aif", "aifc", "aiff", "ape", "caf", "dff", "dsf", "flac", "m4a", "m4b", "mka", "mp2", "mp3", "mpc", "oga", "ogg",
    "opus", "spx", "tta", "w64", "wav", "wma", "wv",
  ]

  /// Expands `arguments` in order: a playlist becomes its entries (and overlays), a folder its
  /// audio files in natural name order (`2.flac` before `10.flac`), anything else one input.
  public init(arguments: [String]) throws(RenderError) {
    inputs = []
    overlays = []
    var defaults: PlaylistDefaults?
    var playlistFields: [String: String]?
    for argument in arguments {
      if PlaylistFile.isPlaylist(argument) {
        let playlist: Playlist
        do { playlist = try PlaylistFile.read(path: argument) } catch { throw .playlist(error) }
        guard !playlist.entries.isEmpty else { throw .options("\(argument): nothing to render: the playlist names no audio files") }
        overlays += OverlayInput.overlays(of: playlist, firstInput: inputs.count)
        inputs += InputSource.entries(of: playlist)
        if defaults == nil && playlist.defaults != PlaylistDefaults() { defaults = playlist.defaults }
        if playlistFields == nil && !playlist.tags.isEmpty { playlistFields = playlist.tags }
      } else if Self.isFolder(argument) {
        inputs += try Self.audioFiles(in: argument)
      } else {
        inputs.append(InputSource(path: argument))
      }
    }
    self.defaults = defaults ?? PlaylistDefaults()
    let onlyPlaylist = arguments.count == 1 && PlaylistFile.isPlaylist(arguments[0]) ? arguments[0] : nil
    playlistTags = PlaylistTags(fields: playlistFields ?? [:], name: onlyPlaylist.map(PlaylistTags.name(ofPlaylist:)))
  }

  private static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// A folder's audio files (by extension, hidden files left out) in natural name order.
  private static func audioFiles(in folder: String) throws(RenderError) -> [InputSource] {
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
      throw .options("cannot list the folder \(folder): \(error.localizedDescription)")
    }
    let audio = names
      .filter { !$0.hasPrefix(".") && audioExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
      .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    guard !audio.isEmpty else { throw .options("the folder \(folder) holds no audio files") }
    return audio.map { InputSource(path: (folder as NSString).appendingPathComponent($0)) }
  }
}

extension RenderRequest {
  /// The request to render the files, playlists and folders `arguments` name into `outputPath`,
  /// joined as `choices` say over the playlists' defaults: what `segue render` does with them.
  public init(arguments: [String], outputPath: String, choices: MixChoices = MixChoices()) throws(RenderError) {
    let expansion = try InputExpansion(arguments: arguments)
    self.init(
      inputs: expansion.inputs, outputPath: outputPath, mix: try choices.options(over: expansion.defaults),
      overlays: expansion.overlays)
    playlistTags = expansion.playlistTags
  }
}
