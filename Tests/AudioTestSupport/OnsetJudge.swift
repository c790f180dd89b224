import Foundation

/// How far one recording's onsets lie from another's on given beats, measured by numpy on the
/// files as the ffmpeg CLI decodes them: an independent judge of Segue's beat check.
///
/// Its onsets are spectral flux (a 1024-point Hann window every millisecond, log magnitudes, rises
/// summed), a method Segue does not use; on each beat, each file's strongest flux within a quarter
/// beat either side is its onset, and the judge gives the median over the beats of the second
/// file's onset minus the first's.
public enum OnsetJudge {
  /// A Python with numpy: Debian's own, where `scripts/bootstrap` installs python3-numpy, else the PATH's.
  public static let python = ["/usr/bin/python3", "python3"].first { (try? FFmpegCLI.run($0, ["-c", "import numpy"]).status) == 0 }

  /// The median, in seconds, of `later`'s onset minus `earlier`'s on each of `beats` (seconds
  /// from the files' start, `period` seconds apart); nil without Python and numpy.
  public static func medianOffset(earlier: String, later: String, beats: [Double], period: Double) throws -> Double? {
    guard let python = installedByBootstrap(python, "Python with numpy") else { return nil }
    let output = try FFmpegCLI.run(python, ["-c", script, earlier, later, "\(period)"] + beats.map { "\($0)" })
    let text = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard output.status == 0, let seconds = Double(text) else {
      throw FFmpegCLI.Failure(message: "the onset judge failed: \(output.stderr)")
    }
    return seconds
  }

  static let script = """
    import subprocess, sys
    import numpy as np
    def flux(path):
        raw = subprocess.run(['ffmpeg', '-v', 'error', '-i', path, '-f', 'f32le', '-ac', '1', '-ar', '44100', '-'],
                             capture_output=True, check=True).stdout
        x = np.frombuffer(raw, dtype=np.float32)
        hop, n = 44, 1024
        frames = (len(x) - n) // hop
        spectra = np.abs(np.fft.rfft(x[np.arange(n)[None, :] + hop * np.arange(frames)[:, None]] * np.hanning(n), axis=1))
        rises = np.maximum(0, np.diff(np.log1p(1000 * spectra), axis=0)).sum(axis=1)
        return (np.arange(1, frames) * hop + n / 2) / 44100, rises
    (te, fe), (tl, fl) = flux(sys.argv[1]), flux(sys.argv[2])
    period = float(sys.argv[3])
    offsets = []
    for beat in map(float, sys.argv[4:]):
        near_e = (te > beat - period / 4) & (te < beat + period / 4)
        near_l = (tl > beat - period / 4) & (tl < beat + period / 4)
        if near_e.any() and near_l.any():
            offsets.append(tl[np.argmax(np.where(near_l, fl, -1))] - te[np.argmax(np.where(near_e, fe, -1))])
    print(np.median(offsets))
    """
}
