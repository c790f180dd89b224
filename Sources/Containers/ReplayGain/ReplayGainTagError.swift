/// A problem writing ReplayGain tags into a file, worded for the person who named the file.
///
/// Whatever the problem, the file is left as it was.
public enum ReplayGainTagError: Error, Equatable, Sendable, CustomStringConvertible, FileAccessFailure {
  /// The file could not be opened or read.
  case unreadable(path: String, reason: String)
  /// The file is not one the writer tags, or is laid out in a way it does not rewrite.
  case unsupported(path: String, reason: String)
  /// The file's headers are cut off or do not hold together.
  case damaged(path: String, reason: String)
  /// The values cannot be written as tags.
  case invalidValues(path: String, reason: String)
  /// The file, or the temporary file next to it, could not be written.
  case unwritable(path: String, reason: String)
  /// The MP4 tag writer's own problem.
  case mp4(MP4Error)

  /// The problem as one line for the user, naming the file and the reason.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .unsupported(let path, let reason), .invalidValues(let path, let reason):
      "cannot write ReplayGain tags into \(path): \(reason)"
    case .damaged(let path, let reason): "\(path) is damaged: \(reason)"
    case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
    case .mp4(let error): error.description
    }
  }
}
