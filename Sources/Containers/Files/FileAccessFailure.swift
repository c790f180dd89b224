/// An error type that can say a file could not be read or written, in its own words.
///
/// The file types (`RandomAccessFile`, `ReplacementFile`) throw their caller's error type through
/// these two cases, so each module keeps its own messages; an error enum conforms with its own
/// `unreadable(path:reason:)` and `unwritable(path:reason:)` cases.
protocol FileAccessFailure: Error {
  /// The file could not be opened or read.
  static func unreadable(path: String, reason: String) -> Self
  /// The file, or the temporary file next to it, could not be written.
  static func unwritable(path: String, reason: String) -> Self
}
