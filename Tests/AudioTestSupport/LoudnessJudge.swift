import Foundation
import Testing

/// The independent judge of loudness and true peak in tests: the ffmpeg CLI's `ebur128` filter.
public enum LoudnessJudge {
  /// The integrated loudness (LUFS) and true peak (dBTP, 4x oversampled) the ffmpeg CLI's
  /// `ebur128=peak=true` reports for `path`, or for its frames `range` (seconds) when given; a
  /// mono file is first copied into both channels of a stereo signal, as it plays in a stereo mix.
  public static func measure(
    _ path: String, mono: Bool = false, seconds range: Range<Double>? = nil
  ) throws -> (integrated: Double, truePeak: Double) {
    let trim = range.map { "atrim=start=\($0.lowerBound):end=\($0.upperBound),asetpts=N/SR/TB," } ?? ""
    let filter = trim + (mono ? "pan=stereo|c0=c0|c1=c0," : "") + "ebur128=peak=true"
    let output = try FFmpegCLI.run("ffmpeg", ["-nostats", "-hide_banner", "-i", path, "-af", filter, "-f", "null", "-"])
    let summary = output.stderr.components(separatedBy: "Summary:").last ?? ""
    func value(after label: String) -> Double? {
      summary.components(separatedBy: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }
        .flatMap { $0.split(separator: " ").compactMap { Double($0) }.first }
    }
    return (try #require(value(after: "I:")), try #require(value(after: "Peak:")))
  }
}
