import Foundation
import Playlists

/// What a list of files, playlists and folders names: the tracks in order, the playlists'
/// overlays, and the defaults that apply where no option says otherwise.
///
/// The command line and library users go through this one place, so the same arguments always
/// give the same request.
public struct InputExpansion: Sendable {
  /// The tracks in order: each playlist's entries with their own options, each folder's audio files, each
  /// other file; no playlist's defaults written in (`inputs(joinedUnder:)` writes them).
  public var inputs: [InputSource]
  /// The playlists' overlays, their positions counted in `inputs`.
  public var overlays: [OverlayInput]
  /// The defaults that hold for every input: those of the playlists that name all of them, when
  /// they agree; none when any input comes from elsewhere.
  public var defaults: JoinChoices
  /// Each playlist's entries (as indices of `inputs`) with the defaults it sets.
  public var playlistRuns: [(entries: Range<Int>, defaults: JoinChoices)] = []
  /// What the playlists say of the mix as a whole: the first one's fields that give any, and the
  /// playlist's name when it was the only argument.
  public var playlistTags = PlaylistTags()
  /// Every playlist file read, those named inside playlists included.
  public var playlistFiles: [String] = []

  /// The file extensions a folder's audio files are recognized by.
  public static let audioExtensions: Set<String> = [
    "aac", "aif", "aifc", "aiff", "ape", "caf", "dff", "dsf", "flac", "m4a", "m4b", "mka", "mp2", "mp3", "mpc", "oga", "ogg",
    "opus", "spx", "tta", "w64", "wav", "wma", "wv",
  ]

  /// The argument that stands for a playlist read from standard input.
  public static let standardInputArgument = "-"

  /// Expands `arguments` in order: a playlist becomes its entries (and overlays), a folder its
  /// audio files in natural name order (`2.flac` before `10.flac`), `-` the playlist that
  /// `standardInput` gives (its format told by content, relative paths from the current folder),
  /// anything else one input.
  ///
  /// A playlist or folder that cannot be read does not stop the others: every problem is
  /// reported at once, with those of the inputs that could be named (files not found, …).
  public init(
    arguments: [String], standardInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }
  ) throws(RenderError) {
    inputs = []
    overlays = []
    var problems: [RenderError] = []
    var playlistFields: [String: String]?
    var readStandardInput = false
    for argument in arguments {
      do throws(RenderError) {
        let fromStandardInput = argument == Self.standardInputArgument
        if fromStandardInput || PlaylistFile.isPlaylist(argument) {
          if fromStandardInput && readStandardInput { throw .standardInputTwice }
          readStandardInput = readStandardInput || fromStandardInput
          let playlist: Playlist
          do {
            playlist = try fromStandardInput ? PlaylistFile.read(data: standardInput(), file: argument) : PlaylistFile.read(path: argument)
          } catch { throw .playlist(error) }
          guard !playlist.entries.isEmpty else {
            throw .emptyPlaylist(fromStandardInput ? "standard input" : argument)
          }
          if !fromStandardInput { playlistFiles.append(argument) }
          playlistFiles += playlist.nestedFiles
          overlays += OverlayInput.overlays(of: playlist, firstInput: inputs.count)
          playlistRuns.append((inputs.count..<(inputs.count + playlist.entries.count), playlist.defaults))
          inputs += InputSource.entries(of: playlist)
          if playlistFields == nil && !playlist.tags.isEmpty { playlistFields = playlist.tags }
        } else if Self.isFolder(argument) {
          inputs += try Self.audioFiles(in: argument)
        } else {
          inputs.append(InputSource(path: argument))
        }
      } catch {
        problems.append(error)
      }
    }
    if !problems.isEmpty {
      do { _ = try InputCheck.probeAll(inputs + overlays.map(\.input)) } catch { problems += error.parts }
      throw problems.count == 1 ? problems[0] : .several(problems)
    }
    let runsCoverAll = playlistRuns.reduce(0) { $0 + $1.entries.count } == inputs.count
    let agreed = Set(playlistRuns.map { "\($0.defaults)" }).count == 1
    defaults = runsCoverAll && agreed ? playlistRuns[0].defaults : JoinChoices()
    let onlyPlaylist =
      arguments.count == 1 && arguments[0] != Self.standardInputArgument && PlaylistFile.isPlaylist(arguments[0]) ? arguments[0] : nil
    playlistTags = PlaylistTags(fields: playlistFields ?? [:], name: onlyPlaylist.map(PlaylistTags.name(ofPlaylist:)))
  }

  /// The inputs, each playlist's default transition written into its own entries (but not the
  /// join after its last one) where neither the entry nor `choices` says otherwise: a playlist's
  /// defaults never reach the files named beside it.
  public func inputs(joinedUnder choices: MixChoices) -> [InputSource] {
    guard choices.crossfade == nil && choices.crossfadeBeats == nil && choices.gap == nil else { return inputs }
    var scoped = inputs
    for run in playlistRuns where run.defaults != defaults {
      guard let transition = run.defaults.transition(curve: choices.curve) else { continue }
      for index in run.entries.dropLast() where scoped[index].options.transition == nil {
        scoped[index].options.transition = transition
      }
    }
    return scoped
  }

  private static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// A folder's audio files (by extension, hidden files left out) in natural name order.
  private static func audioFiles(in folder: String) throws(RenderError) -> [InputSource] {
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
      throw .unreadableFolder(folder, detail: error.localizedDescription)
    }
    let audio = names
      .filter { !$0.hasPrefix(".") && audioExtensions.contains(PathText.fileExtension($0)) }
      .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    guard !audio.isEmpty else { throw .emptyFolder(folder) }
    return audio.map { InputSource(path: PathText.appending($0, to: folder)) }
  }
}

extension RenderRequest {
  /// The request to render the files, playlists and folders `arguments` name into `outputPath`,
  /// joined as `choices` say over the playlists' defaults: what `segue render` does with them.
  public init(arguments: [String], outputPath: String, choices: MixChoices = MixChoices()) throws(RenderError) {
    let expansion = try InputExpansion(arguments: arguments)
    self.init(
      inputs: expansion.inputs(joinedUnder: choices), outputPath: outputPath, mix: try choices.options(over: expansion.defaults),
      overlays: expansion.overlays)
    playlistTags = expansion.playlistTags
    playlistFiles = expansion.playlistFiles
  }
}
