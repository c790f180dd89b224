import Foundation
import Testing

/// The independent judge of loudness and true peak in tests: the ffmpeg CLI's `ebur128` filter.
public enum LoudnessJudge {
  /// The integrated loudness (LUFS) and true peak (dBTP) the ffmpeg CLI's `ebur128=peak=true`
  /// reports for `path`, or for its frames `range` (seconds) when given; a mono file is first
  /// copied into both channels of a stereo signal, as it plays in a stereo mix.
  ///
  /// The true peak is the one the filter attaches to every frame as metadata (linear, to three
  /// decimals: 0.01 dB near full scale), not its summary's, which is rounded to tenths of a dB and
  /// would let a peak 0.05 dB over a ceiling pass. ffmpeg upsamples to 192 kHz with libswresample
  /// (a 32-tap Kaiser-windowed sinc) and takes the largest value.
  public static func measure(
    _ path: String, mono: Bool = false, seconds range: Range<Double>? = nil
  ) throws -> (integrated: Double, truePeak: Double) {
    let trim = range.map { "atrim=start=\($0.lowerBound):end=\($0.upperBound),asetpts=N/SR/TB," } ?? ""
    let filter = trim + (mono ? "pan=stereo|c0=c0|c1=c0," : "")
      + "ebur128=peak=true:metadata=1,ametadata=print:key=lavfi.r128.true_peak:file=-"
    let output = try FFmpegCLI.run("ffmpeg", ["-nostats", "-hide_banner", "-i", path, "-af", filter, "-f", "null", "-"])
    let summary = output.stderr.components(separatedBy: "Summary:").last ?? ""
    let integrated = summary.components(separatedBy: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("I:") }
      .flatMap { $0.split(separator: " ").compactMap { Double($0) }.first }
    let key = "lavfi.r128.true_peak="
    let peak = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix(key) }
      .flatMap { Double($0.dropFirst(key.count)) }
    return (try #require(integrated, "\(output.stderr)"), 20 * log10(try #require(peak, "\(output.stderr)")))
  }
}
