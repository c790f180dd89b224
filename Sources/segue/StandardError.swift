import Foundation
import Synchronization

/// Standard error, which progress lines and error messages share: it remembers whether a
/// progress line is left open (redrawn with `\r`, no newline yet), so the next message starts on
/// a fresh line.
final class StandardError: Sendable {
  static let shared = StandardError()
  private let lineIsOpen = Mutex(false)

  /// Writes `text`, which leaves the line open unless it ends with a newline.
  func write(_ text: String) {
    lineIsOpen.withLock { open in
      FileHandle.standardError.write(Data(text.utf8))
      open = !text.hasSuffix("\n")
    }
  }

  /// Writes `line` and a newline, after closing an open progress line.
  func writeLine(_ line: String) {
    lineIsOpen.withLock { open in
      FileHandle.standardError.write(Data(((open ? "\n" : "") + line + "\n").utf8))
      open = false
    }
  }

  /// The terminal's width in columns, when standard error is a terminal that says.
  var terminalColumns: Int? {
    var size = winsize()
    guard isatty(STDERR_FILENO) != 0, ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
