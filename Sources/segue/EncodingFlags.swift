import ArgumentParser
import Playlists
import Rendering
import Settings

/// How the output is encoded: in segments on several threads, or as one stream.
struct EncodingFlags: ParsableArguments {
  @Option(help: ArgumentHelp("Encoder threads (default: one per core this process may use). Any number writes the same bytes.", valueName: "N"))
  var threads: Int?

  @Option(help: "on (default): encode FLAC, ALAC, AAC, Opus and MP3 in segments on every thread, joined into one stream; off: one encoder.")
  var segments: SegmentsChoice = .on

  enum SegmentsChoice: String, ExpressibleByArgument, CaseIterable {
    case on, off
  }

  func validate() throws {
    guard let threads else { return }
    do throws(SettingProblem) { _ = try Setting.threads.check(Double(threads)) } catch { throw error.usageError }
  }

  /// `request` with these choices.
  func apply(to request: inout RenderRequest) {
    request.threads = threads
    request.segmentedEncoding = segments == .on
  }
}
