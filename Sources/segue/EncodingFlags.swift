import ArgumentParser
import Playlists
import Rendering

/// How the output is encoded: in segments on several threads, or as one stream.
struct EncodingFlags: ParsableArguments {
  @Option(help: ArgumentHelp("Encoder threads (default: one per core). Any number writes the same bytes.", valueName: "N"))
  var threads: Int?

  @Option(help: "on (default): encode in segments on every thread where they join exactly (FLAC); off: one encoder stream.")
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
