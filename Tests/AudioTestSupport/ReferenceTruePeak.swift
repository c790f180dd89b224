import Foundation

/// A true peak measured outside Segue, as accurately as a reference must be: scipy's
/// `resample_poly` upsampling 16x (its own Kaiser-windowed sinc, 321 taps, cut off at the input's
/// Nyquist frequency, silence before and after), the largest magnitude of any channel.
public enum ReferenceTruePeak {
  /// A Python with scipy: Debian's own, where `scripts/bootstrap` installs python3-scipy, else the PATH's.
  public static let python = ["/usr/bin/python3", "python3"].first { (try? FFmpegCLI.run($0, ["-c", "import scipy.signal"]).status) == 0 }

  /// Decodes argv[1] with the ffmpeg CLI and prints its true peak in dBTP. Each channel is
  /// upsampled a second at a time, with 32 samples of context either side (the filter reads 10),
  /// so memory stays small.
  static let script = """
    import subprocess, sys
    import numpy as np
    from scipy.signal import resample_poly
    path = sys.argv[1]
    probe = ["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=channels", "-of", "csv=p=0", path]
    channels = int(subprocess.run(probe, capture_output=True, text=True, check=True).stdout.split()[0])
    raw = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "f32le", "-"], capture_output=True, check=True).stdout
    x = np.frombuffer(raw, dtype="<f4").reshape(-1, channels).astype(np.float64)
    n, step, context, best = len(x), 44100, 32, 0.0
    for channel in range(channels):
        for start in range(0, n, step):
            low, high, end = max(0, start - context), min(n, start + step + context), min(n, start + step)
            y = resample_poly(x[low:high, channel], 16, 1)
            best = max(best, float(np.abs(y[(start - low) * 16:(end - low) * 16]).max()))
    print(repr(20 * np.log10(best)) if best > 0 else "-inf")
    """

  /// The true peak of the audio file at `path` in dBTP, with `python` (a Python with scipy).
  public static func decibels(of path: String, python: String) throws -> Double {
    let output = try FFmpegCLI.run(python, ["-c", script, path])
    let text = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard output.status == 0, let value = Double(text) else {
      throw FFmpegCLI.Failure(message: "the scipy reference failed on \(path): \(output.stderr)")
    }
    return value
  }
}
