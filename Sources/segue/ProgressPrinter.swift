import ArgumentParser
import Foundation
import Rendering

/// How `segue render` and `segue analyze` show progress on standard error.
enum ProgressStyle: String, ExpressibleByArgument, CaseIterable {
  /// A progress line when standard error is a terminal, nothing otherwise.
  case auto
  /// One line, redrawn in place.
  case line
  /// One JSON object per update, for other programs.
  case json
  case none
}

/// Writes progress updates to standard error in the chosen style.
///
/// On a terminal the line is redrawn in place and cut to the terminal's width; elsewhere (a log
/// file, a pipe) each update is a line of its own.
struct ProgressPrinter: Sendable {
  let style: ProgressStyle
  /// The width to fit a redrawn line in; nil when updates are written as lines of their own.
  let columns: Int?

  init(style: ProgressStyle) {
    let isTerminal = isatty(STDERR_FILENO) != 0
    self.style = style == .auto ? (isTerminal ? .line : .none) : style
    columns = isTerminal ? StandardError.shared.terminalColumns ?? 80 : nil
  }

  /// The callback to give the renderer or the analysis, or nil when nothing is shown.
  func callback<Update: PrintableProgress>() -> (@Sendable (Update) -> Void)? {
    switch style {
    case .none, .auto: nil
    case .line:
      { [columns] progress in
        guard let columns else { return StandardError.shared.write(progress.line + "\n") }
        StandardError.shared.write("\r" + Self.fitted(progress.line, columns: columns) + (progress.isFinished ? "\n" : ""))
      }
    case .json: { StandardError.shared.write($0.json + "\n") }
    }
  }

  /// `text` cut (with an ellipsis) or padded to one column less than the terminal's width, so it
  /// never wraps and always wipes a longer line before it.
  static func fitted(_ text: String, columns: Int) -> String {
    let width = max(columns - 1, 10)
    guard text.count > width else { return text.padding(toLength: width, withPad: " ", startingAt: 0) }
    return String(text.prefix(width - 1)) + "…"
  }

  /// `m:ss`, or `h:mm:ss` from an hour on.
  static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return whole >= 3600
      ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
      : String(format: "%d:%02d", whole / 60, whole % 60)
  }
}

/// A progress update as the printer shows it: a line for people, a line of JSON, and whether it is the last.
protocol PrintableProgress: Sendable {
  var line: String { get }
  var json: String { get }
  var isFinished: Bool { get }
}

extension RenderProgress: PrintableProgress {
  /// ` 42.1%  0:12 elapsed  ETA 0:17  38.5x  Drift`.
  var line: String {
    let eta = estimatedSecondsLeft.map { "ETA \(ProgressPrinter.clock($0))" } ?? "ETA -"
    return String(
      format: "%5.1f%%  %@ elapsed  %@  %.1fx  %@", fraction * 100, ProgressPrinter.clock(elapsedSeconds), eta, speed,
      currentTrack ?? "")
  }
}
