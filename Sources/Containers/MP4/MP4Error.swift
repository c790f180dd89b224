/// A problem reading or rewriting an MP4 file's boxes, worded for the person who named the file.
public enum MP4Error: Error, Equatable, Sendable, CustomStringConvertible, FileAccessFailure {
  /// The file could not be opened or read.
  case unreadable(path: String, reason: String)
  /// The file has no `moov` box, so it is not an MP4 file (or it was cut off before its index).
  case notMP4(path: String)
  /// A box's header or fields do not fit where they are.
  case malformedBox(path: String, box: String, offset: Int64, reason: String)
  /// The movie has no track whose handler is `soun`.
  case noAudioTrack(path: String)
  /// The file's layout is one the tag writer does not rewrite.
  case unsupported(path: String, reason: String)
  /// The file, or the temporary file next to it, could not be written.
  case unwritable(path: String, reason: String)

  /// The problem as one line for the user, naming the file and, for a damaged box, its type and byte offset.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .notMP4(let path): "\(path) is not an MP4 file: it has no 'moov' box"
    case .malformedBox(let path, let box, let offset, let reason):
      "\(path) is damaged: the '\(box)' box at byte \(offset) \(reason)"
    case .noAudioTrack(let path): "\(path) has no audio track"
    case .unsupported(let path, let reason): "cannot add tags to \(path): \(reason)"
    case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
    }
  }
}
