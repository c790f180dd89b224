/// A file that could not be read or written, for readers that only need to know it failed.
enum FileAccessError: FileAccessFailure {
  case unreadable(path: String, reason: String)
  case unwritable(path: String, reason: String)
}
