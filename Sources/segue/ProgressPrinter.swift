import ArgumentParser
import Foundation
import Rendering

/// How `segue render` shows progress on standard error.
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

  /// The callback to give the renderer, or nil when nothing is shown.
  var callback: (@Sendable (RenderProgress) -> Void)? {
    switch style {
    case .none, .auto: nil
    case .line:
      { [columns] progress in
        guard let columns else { return StandardError.shared.write(Self.text(progress) + "\n") }
        StandardError.shared.write("\r" + Self.fitted(Self.text(progress), columns: columns) + (progress.isFinished ? "\n" : ""))
      }
    case .json: { StandardError.shared.write($0.json + "\n") }
    }
  }

  /// ` 42.1%  0:12 elapsed  ETA 0:17  38.5x  Drift`.
  static func text(_ progress: RenderProgress) -> String {
    let eta = progress.estimatedSecondsLeft.map { "ETA \(clock($0))" } ?? "ETA -"
    return String(
      format: "%5.1f%%  %@ elapsed  %@  %.1fx  %@", progress.fraction * 100, clock(progress.elapsedSeconds), eta,
      progress.speed, progress.currentTrack ?? "")
  }

  /// `text` cut (with an ellipsis) or padded to one column less than the terminal's width, so it
  /// never wraps and always wipes a longer line before it.
  static func fitted(_ text: String, columns: Int) -> String {
    let width = max(columns - 1, 10)
    guard text.count > width else { return text.padding(toLength: width, withPad: " ", startingAt: 0) }
    return String(text.prefix(width - 1)) + "…"
  }

  private static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return whole >= 3600
      ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
      : String(format: "%d:%02d", whole / 60, whole % 60)
  }
}
