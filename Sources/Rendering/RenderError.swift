import Composition
import Playlists
import Settings

/// Why a render failed, worded for the person who asked for it: one line per problem.
///
/// Settings are named as the library names them (`description`); the command line names them by
/// their flags (`message(naming:)`).
public enum RenderError: Error, Sendable, CustomStringConvertible {
  case input(InputSource, InputProblem)
  case playlist(PlaylistError)
  case output(path: String, OutputProblem)
  /// A setting's value refused.
  case setting(SettingProblem)
  /// A plan that cannot be made: its entries' and transitions' problems.
  case plan(PlanError)
  /// No input at all.
  case noInputs
  /// A playlist (or standard input) that names no audio files.
  case emptyPlaylist(String)
  /// A folder given as an input that holds no audio files, or cannot be listed.
  case emptyFolder(String)
  case unreadableFolder(String, detail: String)
  /// `-` (a playlist on standard input) given twice.
  case standardInputTwice
  /// Previews of transitions asked of a mix of one track.
  case noTransitions
  /// A composition built in code that cannot be rendered as built.
  case composition(String)
  case cancelled
  case verificationFailed(path: String, expected: Int64, decoded: Int64)
  /// Several inputs failed their checks; all are reported at once.
  case several([RenderError])

  public var description: String { message(naming: \.name) }

  /// The problem in words, each setting named by `name`.
  public func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .input(let source, let problem): "\(source.label): \(problem.message(naming: name))"
    case .playlist(let error): error.description
    case .output(let path, let problem): "\(path): \(problem.message(naming: name))"
    case .setting(let problem): problem.message(naming: name)
    case .plan(let error): error.description
    case .noInputs: "nothing to do: no input files"
    case .emptyPlaylist(let name): "\(name): nothing to render: the playlist names no audio files"
    case .emptyFolder(let folder): "the folder \(folder) holds no audio files"
    case .unreadableFolder(let folder, let detail): "cannot list the folder \(folder): \(detail)"
    case .standardInputTwice: "'-' (a playlist on standard input) can be given only once"
    case .noTransitions: "the mix has no transitions: it has only one track"
    case .composition(let message): message
    case .cancelled: "cancelled; no output was written"
    case .verificationFailed(let path, let expected, let decoded):
      "\(path): verification failed: decodes to \(decoded) sample frames, the timeline says \(expected)"
    case .several(let errors): errors.map { $0.message(naming: name) }.joined(separator: "\n")
    }
  }
}

/// What is wrong with an input file.
public enum InputProblem: Sendable, Equatable, CustomStringConvertible {
  case notFound
  case notAFile
  case notARegularFile(String)
  case empty
  case notAudio
  case noAudioStream
  case noDecoder
  case noAudio
  case truncated(decoded: Int64, declared: Int64?)
  case formatChanged(atFrame: Int64)
  case cannotOpen(detail: String)
  case cannotDecode(detail: String, atFrame: Int64)
  /// A stretch the stretcher refuses: more frames than Rubber Band counts (2^32), a ratio it will
  /// not take, or key frames where they cannot be kept.
  case cannotStretch(frames: Int64, ratio: Double, reason: String)
  case damaged(detail: String, atFrame: Int64, sampleRate: Int)
  case badOption(String)
  /// The analysis pass gave no result.
  case noAnalysis

  public var description: String { message(naming: \.name) }

  /// The problem in words, each setting named by `name`.
  public func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .notFound: "file not found"
    case .notAFile: "not a file"
    case .notARegularFile(let kind): "is \(kind), not a regular file; Segue reads audio files"
    case .empty: "file is empty"
    case .notAudio: "not an audio file FFmpeg can read"
    case .noAudioStream: "has no audio stream"
    case .noDecoder: "no decoder for its audio in this FFmpeg build"
    case .noAudio: "holds no audio (its audio stream has no sample frames)"
    case .truncated(let decoded, let declared?):
      "truncated: decoded \(decoded) of \(declared) sample frames; \(name(.allowTruncated)) renders it as far as it goes"
    case .truncated(let decoded, nil):
      "truncated: the file ends inside a frame, after \(decoded) sample frames; \(name(.allowTruncated)) renders it as far as it goes"
    case .formatChanged(let frame): "its sample rate or channels change at sample frame \(frame)"
    case .badOption(let message): message
    case .noAnalysis: "the analysis pass gave no result"
    case .cannotOpen(let detail): "cannot open (\(detail))"
    case .cannotDecode(let detail, let frame): "cannot decode after sample frame \(frame) (\(detail))"
    case .cannotStretch(let frames, let ratio, let reason): "cannot stretch \(frames) frames by a length ratio of \(ratio) (\(reason))"
    case .damaged(let detail, let frame, let rate):
      "damaged at \(TimeFormat.clock(frames: frame, sampleRate: rate)) (sample frame \(frame)): \(detail); "
        + "\(name(.allowDamaged)) renders through it, with what is lost as silence"
    }
  }
}

/// What is wrong with the output path or its format.
public enum OutputProblem: Sendable, Equatable, CustomStringConvertible {
  case exists
  case isFolder
  case notARegularFile(String)
  case isInput(InputSource)
  case folderMissing(String)
  /// The folder refused a new file; `errorNumber` is its `errno` when known.
  case notWritable(folder: String, detail: String, errorNumber: Int32? = nil)
  case unknownFormat(String)
  /// Waveform data asked for under an extension that names none of its forms.
  case unknownWaveformForm(String)
  /// A write the system refused; `errorNumber` is its `errno` when known.
  case writeFailed(detail: String, errorNumber: Int32? = nil)

  public var description: String { message(naming: \.name) }

  /// The problem in words, each setting named by `name`.
  public func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .exists: "already exists; pass \(name(.overwrite)) to replace it"
    case .isFolder: "is a folder; name a file to write"
    case .notARegularFile(let kind): "is \(kind); Segue writes regular files"
    case .isInput(let source): "is also an input (\(source.label)); choose another output path"
    case .folderMissing(let folder): "folder '\(folder)' does not exist"
    case .notWritable(let folder, let detail, _): "cannot write in folder '\(folder)' (\(detail))"
    case .unknownFormat(let ext):
      "unknown output format '\(ext)'; use .wav, .flac, .mp3, .m4a, .m4b, .opus or .ogg, or \(name(.format))"
    case .unknownWaveformForm(let ext): "waveform data is written as .dat (binary) or .json, not '\(ext)'"
    case .writeFailed(let detail, _): "cannot write (\(detail))"
    }
  }
}

extension RenderError {
  /// The single errors this one is made of: itself, or the parts of `several`.
  var parts: [RenderError] {
    if case .several(let errors) = self { return errors.flatMap(\.parts) }
    return [self]
  }

  /// True for a problem with the output's path or format.
  var isOutputProblem: Bool {
    if case .output = self { return true }
    return false
  }

  /// True when the output names a folder.
  var isFolderOutput: Bool {
    if case .output(_, .isFolder) = self { return true }
    return false
  }
}
