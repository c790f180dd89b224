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
struct ProgressPrinter: Sendable {
  let style: ProgressStyle

  init(style: ProgressStyle) {
    self.style = style == .auto ? (isatty(STDERR_FILENO) != 0 ? .line : .none) : style
  }

  /// The callback to give the renderer, or nil when nothing is shown.
  var callback: (@Sendable (RenderProgress) -> Void)? {
    switch style {
    case .none, .auto: nil
    case .line: { Self.write(Self.line($0) + ($0.isFinished ? "\n" : "")) }
    case .json: { Self.write($0.json + "\n") }
    }
  }

  /// `\r 42.1%  0:12 elapsed  ETA 0:17  38.5x  Drift`, padded to wipe a longer previous line.
  static func line(_ progress: RenderProgress) -> String {
    let eta = progress.estimatedSecondsLeft.map { "ETA \(clock($0))" } ?? "ETA -"
    let text = String(
      format: "%5.1f%%  %@ elapsed  %@  %.1fx  %@", progress.fraction * 100, clock(progress.elapsedSeconds), eta,
      progress.speed, progress.currentTrack ?? "")
    return "\r" + text.padding(toLength: max(text.count, 78), withPad: " ", startingAt: 0)
  }

  private static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return whole >= 3600
      ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
      : String(format: "%d:%02d", whole / 60, whole % 60)
  }

  private static func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
