import Foundation

/// Real music for tests that synthesized signals cannot stand in for: Debian's hedgewars-data
/// package (installed by `scripts/bootstrap`) has 26 instrumental tracks, Ogg Vorbis at
/// 44.1 kHz stereo, mastered loud (most peak over full scale once decoded). No audio is committed.
public enum RealMusic {
  /// Where the package puts the tracks.
  public static let folder = "/usr/share/games/hedgewars/Data/Music"

  /// The folder, when the tracks are installed.
  public static var installed: String? {
    FileManager.default.fileExists(atPath: "\(folder)/Rock.ogg") ? folder : nil
  }

  /// Writes `seconds` of the track `name` (such as "Rock") from `start` seconds on into `path`,
  /// decoded by the ffmpeg CLI; the format follows the extension (FLAC: 24 bits, as decoded).
  public static func excerpt(_ name: String, from start: Double, seconds: Double, to path: String) throws {
    try FFmpegCLI.make([
      "-ss", "\(start)", "-t", "\(seconds)", "-i", "\(folder)/\(name).ogg", "-sample_fmt", "s32", "-map_metadata", "-1", path,
    ])
  }
}
