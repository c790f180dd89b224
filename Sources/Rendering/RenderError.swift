import Composition
import Playlists
import Settings

/// Why a render failed, worded for the person who asked for it: one line per problem.
///
/// Settings are named as the library names them (`description`); the command line names them by
/// their flags (`message(naming:)`).
public enum RenderError: Error, Sendable, CustomStringConvertible {
  /// An input that cannot be used: the input (its label prefixes the message) and what is wrong with it.
  case input(InputSource, InputProblem)
  /// A playlist given as an input (or on standard input) that cannot be read or parsed, with the reader's error.
  case playlist(PlaylistError)
  /// A file Segue would write that it may not or cannot: `path` is that file (the output, or a side file, report page,
  /// picture, waveform or snippet written with it) and the problem says why.
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
  /// A folder given as an input whose contents cannot be listed: the folder's path and the system's reason.
  case unreadableFolder(String, detail: String)
  /// `-` (a playlist on standard input) given twice.
  case standardInputTwice
  /// Previews of transitions asked of a mix of one track.
  case noTransitions
  /// A composition built in code that cannot be rendered as built.
  case composition(String)
  /// The render's `RenderCancellation` was set (or its job cancelled) before it finished; no output was written.
  case cancelled
  /// With `verify` on, the written output at `path` decodes to `decoded` sample frames where the timeline
  /// says `expected`.
  case verificationFailed(path: String, expected: Int64, decoded: Int64)
  /// Several inputs failed their checks; all are reported at once.
  case several([RenderError])

  /// The problem in words, each setting named as the library names it.
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
  /// Nothing exists at the input's path (checked before probing, or FFmpeg found no file).
  case notFound
  /// The input's path names a folder where a file was expected.
  case notAFile
  /// The input is not a regular file; the value words what it is: "a FIFO", "a device", "a socket" or "a special file".
  case notARegularFile(String)
  /// The input file is 0 bytes long.
  case empty
  /// FFmpeg cannot read the file as audio: its demuxer finds invalid data, or the stream states no sample rate or
  /// channels.
  case notAudio
  /// FFmpeg opens the file but finds no audio stream in it.
  case noAudioStream
  /// This FFmpeg build has no decoder for the file's audio codec.
  case noDecoder
  /// The file's audio stream decodes to no sample frames at all.
  case noAudio
  /// The file ends early (refused unless `allowTruncated`): `decoded` sample frames were decoded, of the
  /// `declared` length its container states; `declared` is nil when it states none and the file ends inside a frame.
  case truncated(decoded: Int64, declared: Int64?)
  /// The stream's sample rate, sample format or channels change part way, after `atFrame` sample frames.
  case formatChanged(atFrame: Int64)
  /// FFmpeg's demuxer cannot open the file for a reason other than invalid data; `detail` is FFmpeg's message
  /// (or "unreadable", for a cover picture that cannot be read).
  case cannotOpen(detail: String)
  /// Decoding stopped: an FFmpeg call past opening failed (`atFrame` 0, `detail` its message), or a seek to frame
  /// `atFrame` did not land.
  case cannotDecode(detail: String, atFrame: Int64)
  /// A stretch the stretcher refuses: more frames than Rubber Band counts (2^32), a ratio it will
  /// not take, or key frames where they cannot be kept.
  case cannotStretch(frames: Int64, ratio: Double, reason: String)
  /// Damage found while decoding (refused unless `allowDamaged`): a packet that does not decode, timestamps that skip
  /// frames, or samples that are NaN or infinite; `detail` words it, at sample frame `atFrame` of a `sampleRate` Hz stream.
  case damaged(detail: String, atFrame: Int64, sampleRate: Int)
  /// An option that cannot apply to this input (a negative time, a range past its end, a beat count without a
  /// tempo, a stretch out of range, a cover picture that is not JPEG or PNG); the value is the whole message.
  case badOption(String)
  /// The analysis pass gave no result.
  case noAnalysis

  /// The problem in words, each setting named as the library names it.
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
  /// The file already exists and `overwrite` is off (checked before rendering, and again when the output is moved
  /// into place).
  case exists
  /// The output path names an existing folder.
  case isFolder
  /// The output path names something that is not a regular file; the value words it: "a FIFO", "a device", "a socket".
  case notARegularFile(String)
  /// The output path is the same file (after links) as the input given here.
  case isInput(InputSource)
  /// The folder the output would go in does not exist; the value is that folder as given ("." for none).
  case folderMissing(String)
  /// The folder refused a new file; `errorNumber` is its `errno` when known.
  case notWritable(folder: String, detail: String, errorNumber: Int32? = nil)
  /// No output format: neither the path's extension (the value, with its dot, or "(none)") nor `OutputOptions.format`
  /// names one Segue writes.
  case unknownFormat(String)
  /// Waveform data asked for under an extension that names none of its forms.
  case unknownWaveformForm(String)
  /// A write the system refused; `errorNumber` is its `errno` when known.
  case writeFailed(detail: String, errorNumber: Int32? = nil)

  /// The problem in words, each setting named as the library names it.
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
